import ESModels

extension Denormalizer {
    /// The rows document of a home-screen row.
    ///
    /// Titles keyed by language code (a blank title is left out); the platforms listed, in
    /// ``PromotedRow/allPlatforms`` order, or all of them when none is listed; territories sorted;
    /// a curated row's assets by position. A `query` row's filter comes from the `query_*`
    /// columns (`query_sort` left empty: newest first), a `live_events` row's from `query_sport`
    /// (and `query_sort`); both always carry a `query`, a curated row never does.
    ///
    /// Reported with the row's id, all at once: an unknown kind, query type, sort or platform; no
    /// title, no territory; an end before the start, API bounds that admit no major; a curated row
    /// without items or with query columns, a query or live_events row with items, and filter
    /// columns its kind does not use.
    public static func promotedRow(_ record: PromotedRowRecord) throws(DocumentError) -> PromotedRow {
        try FieldValidator(problems: record.problems).check(index: .rows, id: record.id)
        var check = FieldValidator(problems: [])
        let kind = check.value(record.kind, "kind", as: PromotedRow.Kind.self)
        let titles = record.titles.filter { $0.value.contains(where: { !$0.isWhitespace }) }
        if titles.isEmpty { check.fail("has no title in any language") }
        for platform in record.platforms where !PromotedRow.allPlatforms.contains(platform) {
            let known = PromotedRow.allPlatforms.map { "'\($0)'" }.joined(separator: ", ")
            let near = PromotedRow.allPlatforms.first { $0 == platform.lowercased() }
            check.fail(
                "platform '\(platform)' is not one of \(known)"
                    + (near.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        if record.territories.isEmpty { check.fail("has no territory") }
        let start = check.date(record.startsAt, "starts_at")
        let end = record.endsAt.map { check.date($0, "ends_at") }
        if let end { check.period(start: start, end: end, "the row") }
        if let minimum = record.minimumAPIMajor, let maximum = record.maximumAPIMajor, minimum > maximum {
            check.fail(
                "'min_api_major' (\(minimum)) is above 'max_api_major' (\(maximum)): it shows for no API major"
            )
        }
        let query = kind.flatMap { rowQuery(record, kind: $0, &check) }
        let updatedAt = check.date(record.updatedAt, "updated_at")
        try check.check(index: .rows, id: record.id)
        return PromotedRow(
            uuid: record.id, slug: record.slug, titles: titles, kind: kind ?? .curated,
            platforms: record.platforms.isEmpty
                ? PromotedRow.allPlatforms : PromotedRow.allPlatforms.filter(record.platforms.contains),
            minimumAPIMajor: record.minimumAPIMajor, maximumAPIMajor: record.maximumAPIMajor,
            territories: record.territories, start: start, end: end, position: record.position,
            assetUUIDs: record.items, query: query, updatedAt: updatedAt)
    }

    /// The `query` of a row of `kind`, checking that its items and filter columns suit the kind.
    private static func rowQuery(
        _ record: PromotedRowRecord, kind: PromotedRow.Kind, _ check: inout FieldValidator
    ) -> RowQuery? {
        let filters: [(column: String, value: String?)] = [
            ("query_type", record.queryType), ("query_category", record.queryCategory),
            ("query_language", record.queryLanguage), ("query_sport", record.querySport),
            ("query_sort", record.querySort),
        ]
        /// Fails when any of `columns` is set, saying `why` they are not for this kind.
        func refuse(_ columns: Set<String>, _ why: String) {
            let set = filters.filter { columns.contains($0.column) && $0.value != nil }.map {
                "'\($0.column)'"
            }
            if !set.isEmpty {
                check.fail("is a \(kind.rawValue) row but sets \(set.joined(separator: ", ")) (\(why))")
            }
        }
        if kind == .curated {
            if record.items.isEmpty { check.fail("is a curated row but lists no item") }
            refuse(Set(filters.map(\.column)), "only query and live_events rows have a query")
            return nil
        }
        if !record.items.isEmpty {
            let count = record.items.count
            check.fail(
                "is a \(kind.rawValue) row but lists \(count) item\(count == 1 ? "" : "s") (only curated rows list items)"
            )
        }
        let sort =
            record.querySort.flatMap { check.value($0, "query_sort", as: RowQuery.Sort.self) } ?? .newest
        if kind == .liveEvents {
            refuse(
                ["query_type", "query_category", "query_language"],
                "live_events rows filter by 'query_sport' only")
            return RowQuery(sport: record.querySport, sort: sort)
        }
        refuse(["query_sport"], "only live_events rows filter by sport")
        let type = record.queryType.flatMap { check.value($0, "query_type", as: AssetFlat.AssetType.self) }
        return RowQuery(
            type: type, category: record.queryCategory, language: record.queryLanguage, sort: sort)
    }
}
