import ESModels
import Testing

/// Sorting, paging, total hits, `_source` filtering and count, as Elasticsearch's search
/// documentation describes them, each case against both backends.
@Suite struct SearchConformanceTests {
    private func sorted(_ backend: any SearchBackend, _ sort: [SortField], query: Query = .matchAll)
        async throws
        -> SearchResponse
    {
        try await backend.search("catalogue", request: SearchRequest(query: query, sort: sort))
    }

    /// Missing values sort last by default, whatever the order.
    @Test(arguments: BackendMode.allCases)
    func sortsKeywordsNumbersAndDatesWithMissingLast(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await sorted(backend, [SortField("year")]).ids == ["a2", "a1", "a3", "a5", "a4"])
            #expect(
                try await sorted(backend, [SortField("year", order: .desc)]).ids == [
                    "a5", "a3", "a1", "a2", "a4",
                ])
            #expect(
                try await sorted(backend, [SortField("rating", order: .desc)]).ids == [
                    "a5", "a1", "a2", "a4", "a3",
                ])
            #expect(
                try await sorted(backend, [SortField("published")]).ids == ["a3", "a1", "a2", "a4", "a5"])
            #expect(
                try await sorted(backend, [SortField("type"), SortField("uuid", order: .desc)]).ids == [
                    "a3", "a2", "a1", "a5", "a4",
                ])
            let first = try await sorted(backend, [SortField("year", missing: .first)])
            #expect(first.ids == ["a4", "a2", "a1", "a3", "a5"])
            let withValue = try await sorted(backend, [SortField("year", missing: .value(2000))])
            #expect(withValue.ids == ["a2", "a1", "a4", "a3", "a5"])
        }
    }

    /// Hits sorted by a field carry their sort values and no score.
    @Test(arguments: BackendMode.allCases)
    func sortedHitsCarrySortValues(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let response = try await sorted(
                backend, [SortField("published", order: .desc), SortField("uuid")])
            #expect(response.hits.hits[0].sort == [.int(1_710_547_200_000), "a4"])
            #expect(response.hits.hits[0].score == nil)
            #expect(response.hits.maxScore == nil)
            #expect(response.hits.hits[4].sort == [.int(Int.min), "a5"])
            let byYear = try await sorted(backend, [SortField("year")])
            #expect(byYear.hits.hits[4].sort == [.int(Int.max)])
            let byTitle = try await sorted(backend, [SortField("title.raw")])
            #expect(byTitle.hits.hits[0].sort == ["Cold Case"])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func sortingOnTextIsRefused(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let error = await elasticsearchError { _ = try await sorted(backend, [SortField("title")]) }
            #expect(error?.type == "search_phase_execution_exception")
            #expect(error?.status == 400)
            #expect(error?.effectiveRootCauses.first?.type == "illegal_argument_exception")
            #expect(
                error?.effectiveRootCauses.first?.reason
                    == "Text fields are not optimised for operations that require per-document field data like "
                    + "aggregations and sorting, so these operations are disabled by default. Please use a keyword "
                    + "field instead. Alternatively, set fielddata=true on [title] in order to load field data by "
                    + "uninverting the inverted index. Note that this can use significant memory.")
        }
    }

    @Test(arguments: BackendMode.allCases)
    func sortingOnUnmappedOrNestedFieldsNeedsOptions(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let unmapped = await elasticsearchError { _ = try await sorted(backend, [SortField("studio")]) }
            #expect(unmapped?.effectiveRootCauses.first?.type == "query_shard_exception")
            #expect(
                unmapped?.effectiveRootCauses.first?.reason
                    == "No mapping found for [studio] in order to sort on")
            let byID = await elasticsearchError { _ = try await sorted(backend, [SortField("_id")]) }
            #expect(
                byID?.effectiveRootCauses.first?.reason.hasPrefix(
                    "Fielddata access on the _id field is disallowed") == true)
            let tolerated = try await sorted(
                backend, [SortField("studio", unmappedType: "keyword"), SortField("uuid")])
            #expect(tolerated.ids == ["a1", "a2", "a3", "a4", "a5"])
            let nested = await elasticsearchError {
                _ = try await sorted(backend, [SortField("windows.start")])
            }
            #expect(
                nested?.effectiveRootCauses.first?.reason
                    == "it is mandatory to set the [nested] context on the nested sort field: [windows.start]."
            )
            let byWindow = try await sorted(
                backend,
                [
                    SortField("windows.start", order: .desc, nested: SortField.Nested(path: "windows")),
                    SortField("uuid"),
                ])
            #expect(byWindow.ids == ["a1", "a5", "a2", "a3", "a4"])
            let filtered = try await sorted(
                backend,
                [
                    SortField(
                        "windows.start",
                        nested: SortField.Nested(path: "windows", filter: .term("windows.countries", "NG"))),
                    SortField("uuid"),
                ])
            #expect(filtered.ids == ["a2", "a1", "a3", "a4", "a5"])
        }
    }

    /// Equal scores keep the index order, so paging through them is stable.
    @Test(arguments: BackendMode.allCases)
    func scoreSortIsStable(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let documents: [(String, JSONValue)] = (0..<30).map { number in
                (
                    "d\(number)",
                    ["uuid": .string("d\(number)"), "type": number % 2 == 0 ? "movie" : "episode"]
                )
            }
            try await seed(backend, documents)
            let query = Query.bool(should: [.term("type", "movie"), .term("type", "episode")])
            var seen: [String] = []
            for page in 0..<3 {
                let response = try await backend.search(
                    "catalogue", request: SearchRequest(query: query, from: page * 10, size: 10))
                seen += response.ids
            }
            #expect(seen == documents.map(\.0))
            let again = try await backend.search("catalogue", request: SearchRequest(query: query, size: 30))
            #expect(again.ids == seen)
        }
    }

    @Test(arguments: BackendMode.allCases)
    func pagesWithFromAndSize(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let page = try await backend.search(
                "catalogue", request: SearchRequest(from: 1, size: 2, sort: [SortField("uuid")]))
            #expect(page.ids == ["a2", "a3"])
            #expect(page.hits.total == TotalHits(value: 5, relation: .eq))
            let past = try await backend.search("catalogue", request: SearchRequest(from: 10, size: 2))
            #expect(past.ids.isEmpty)
            let none = try await backend.search("catalogue", request: SearchRequest(size: 0))
            #expect(none.ids.isEmpty)
            #expect(none.hits.total?.value == 5)
            #expect(none.hits.maxScore == nil)
            let defaultSize = try await backend.search("catalogue", request: SearchRequest())
            #expect(defaultSize.ids.count == 5)
        }
    }

    /// `from + size` may not exceed `index.max_result_window` (10,000 by default).
    @Test(arguments: BackendMode.allCases)
    func resultWindowIsLimited(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            _ = try await backend.search("catalogue", request: SearchRequest(from: 9_990, size: 10))
            let error = await elasticsearchError {
                _ = try await backend.search("catalogue", request: SearchRequest(from: 9_995, size: 10))
            }
            #expect(error?.type == "search_phase_execution_exception")
            #expect(error?.status == 400)
            #expect(
                error?.effectiveRootCauses.first?.reason
                    == "Result window is too large, from + size must be less than or equal to: [10000] but was [10005]. "
                    + "See the scroll api for a more efficient way to request large data sets. This limit can be set "
                    + "by changing the [index.max_result_window] index level setting.")
        }
    }

    /// `track_total_hits`: exact up to 10,000 by default, then `gte`; `true` counts all;
    /// a number sets the threshold; `false` leaves the total out.
    @Test(arguments: BackendMode.allCases)
    func trackTotalHits(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let documents: [(String, JSONValue)] = (0..<10_005).map { ("d\($0)", ["type": "movie"]) }
            try await seed(backend, documents)
            let byDefault = try await backend.search("catalogue", request: SearchRequest(size: 1))
            #expect(byDefault.hits.total == TotalHits(value: 10_000, relation: .gte))
            let accurate = try await backend.search(
                "catalogue", request: SearchRequest(size: 1, trackTotalHits: .accurate))
            #expect(accurate.hits.total == TotalHits(value: 10_005, relation: .eq))
            let capped = try await backend.search(
                "catalogue", request: SearchRequest(size: 1, trackTotalHits: .upTo(3)))
            #expect(capped.hits.total == TotalHits(value: 3, relation: .gte))
            let off = try await backend.search(
                "catalogue", request: SearchRequest(size: 1, trackTotalHits: .disabled))
            #expect(off.hits.total == nil)
            #expect(try await backend.count("catalogue", request: CountRequest()).count == 10_005)
        }
    }

    @Test(arguments: BackendMode.allCases)
    func sourceFilteringAndCount(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let filtered = try await backend.search(
                "catalogue",
                request: SearchRequest(query: .ids(["a1"]), source: .includes(["uuid", "windows.countries"])))
            #expect(
                filtered.hits.hits.first?.source == [
                    "uuid": "a1", "windows": [["countries": ["KE", "ZA"]], ["countries": ["NG"]]],
                ])
            let none = try await backend.search(
                "catalogue", request: SearchRequest(query: .ids(["a1"]), source: .fetch(false)))
            #expect(none.hits.hits.first?.source == nil)
            let count = try await backend.count(
                "catalogue", request: CountRequest(query: .term("type", "movie")))
            #expect(count.count == 2)
            #expect(count.shards.total == 1)
        }
    }
}
