import CMSIndexer

extension DemoGenerator {
    /// The home-screen rows of ``DemoVocabulary/rows``, at positions 1, 2, 3... A curated row
    /// holds 20 to 30 assets licensed at the anchor in every main territory (fewer in a demo
    /// too small to have them; none there, and the row is left out: a curated row needs items).
    mutating func writeRows() throws {
        let mainTerritories = DemoVocabulary.territories.filter(\.isMain).map(\.code)
        let titleCodes = DemoVocabulary.titleLanguages.map(\.code)
        var position = 0
        for row in DemoVocabulary.rows {
            var items: [String] = []
            var query: (type: String?, category: String?, language: String?, sport: String?, sort: String?) =
                (nil, nil, nil, nil, nil)
            switch row.content {
            case .curated(let type):
                let candidates = licensedNow.filter { type == nil || $0.type == type }.map(\.uuid)
                items = random.sample(candidates, count: random.int(in: 20...30)).shuffled(using: &random)
                if items.isEmpty { continue }
            case .query(let type, let category, let language, let sort):
                query = (type, category.flatMap { categoryIDs[$0] }, language, nil, sort)
            case .liveEvents(let sport):
                query.sport = sport
            }
            let (start, end): (Int, Int?)
            switch row.schedule {
            case .showing: (start, end) = (-random.int(in: 1...60), nil)
            case .showingUntil(let days): (start, end) = (-random.int(in: 1...30), days)
            case .tomorrow: (start, end) = (1, random.int(in: 15...45))
            case .ended: (start, end) = (-31, -1)
            }
            // Made some days before it starts (or before the anchor), last edited before the anchor.
            let created = min(start, 0) - random.int(in: 1...14)
            let updated = random.int(in: created...min(start, -1))
            let uuid = random.uuid()
            position += 1
            let kind: String
            switch row.content {
            case .curated: kind = "curated"
            case .query: kind = "query"
            case .liveEvents: kind = "live_events"
            }
            try writer.insert(
                "rows",
                [
                    "uuid", "slug", "kind", "min_api_major", "max_api_major", "starts_at", "ends_at",
                    "position",
                    "query_type", "query_category", "query_language", "query_sport", "query_sort",
                    "created_at",
                    "updated_at",
                ],
                [
                    uuid, row.slug, kind, row.minimumAPIMajor, row.maximumAPIMajor, date(days: start),
                    end.map { date(days: $0) }, position, query.type, query.category, query.language,
                    query.sport, query.sort, date(days: created),
                    date(days: updated, hours: random.int(in: 0...23)),
                ])
            for (code, title) in zip(titleCodes, row.titles) where !title.isEmpty {
                try writer.insert("row_titles", ["row_uuid", "language_code", "title"], [uuid, code, title])
            }
            for platform in row.platforms {
                try writer.insert("row_platforms", ["row_uuid", "platform"], [uuid, platform])
            }
            for territory in row.territories ?? mainTerritories {
                try writer.insert("row_territories", ["row_uuid", "territory_code"], [uuid, territory])
            }
            for (index, asset) in items.enumerated() {
                try writer.insert("row_items", ["row_uuid", "asset_uuid", "position"], [uuid, asset, index])
            }
        }
    }
}
