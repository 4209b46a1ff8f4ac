import ESModels
import Testing

/// The query DSL as Elasticsearch's query documentation describes it, each case against both
/// backends. `now` is 2024-03-15T12:30:00Z.
@Suite struct QueryConformanceTests {
    private func ids(_ backend: any SearchBackend, _ query: Query) async throws -> [String] {
        let response = try await backend.search("catalogue", request: SearchRequest(query: query, size: 100))
        return response.ids.sorted()
    }

    /// "Avoid using the term query for text fields": the value is not analysed, so it only
    /// matches an indexed token as written.
    @Test(arguments: BackendMode.allCases)
    func termOnTextMatchesAnalysedTokensOnly(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .term("title", "Heat")) == [])
            #expect(try await ids(backend, .term("title", "heat")) == ["a1", "a2", "a5"])
            #expect(try await ids(backend, .term("title.raw", "Heat")) == ["a1"])
            #expect(try await ids(backend, .term("title.raw", "heat")) == [])
        }
    }

    /// `match` analyses its query: OR by default, `operator: and`, `minimum_should_match`.
    @Test(arguments: BackendMode.allCases)
    func matchAnalysesItsQuery(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .match("title", "HEAT night")) == ["a1", "a2", "a4", "a5"])
            #expect(try await ids(backend, .match("title", "heat NIGHT", operator: .and)) == ["a2"])
            #expect(
                try await ids(backend, .match("title", "heat night shift", minimumShouldMatch: 2)) == [
                    "a2", "a4",
                ])
            #expect(try await ids(backend, .match("title", "!!!")) == [])
            #expect(try await ids(backend, .match("title.raw", "Night Shift")) == ["a4"])
            let ranked = try await backend.search(
                "catalogue", request: SearchRequest(query: .match("title", "heat")))
            #expect(ranked.ids.first == "a1")
            #expect(ranked.hits.maxScore == ranked.hits.hits.first?.score)
        }
    }

    /// BM25 as Lucene computes it: idf ln(1 + 0.5 / 1.5) = 0.2876821, a one-word match on a
    /// two-word text field of the only document scores 0.13076457.
    @Test(arguments: BackendMode.allCases)
    func scoresAreLucenesBM25(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            _ = try await backend.index("one", id: "1", document: ["t": "Hello World"], refresh: .immediate)
            let response = try await backend.search(
                "one", request: SearchRequest(query: .match("t", "hello")))
            #expect(response.hits.hits.first?.score == 0.13076457)
            #expect(response.hits.maxScore == 0.13076457)
        }
    }

    /// A term's frequency counts in the first document that holds it as in every later one:
    /// "hello hello world" (three tokens, the average length) scores
    /// `idf - idf / (1 + 2 / 1.2)` = 0.1798013 for "hello" (in 32-bit floats, as Lucene), and
    /// the same text again scores as the first, not the 0.13076457 of a single occurrence.
    @Test(arguments: BackendMode.allCases)
    func firstDocumentKeepsItsTermFrequency(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            _ = try await backend.index(
                "one", id: "1", document: ["t": "hello hello world"], refresh: .immediate)
            let alone = try await backend.search("one", request: SearchRequest(query: .match("t", "hello")))
            #expect(alone.hits.hits.first?.score == 0.1798013)
            _ = try await backend.index(
                "one", id: "2", document: ["t": "hello hello world"], refresh: .immediate)
            let both = try await backend.search("one", request: SearchRequest(query: .match("t", "hello")))
            let scores = both.hits.hits.map(\.score)
            #expect(scores.count == 2 && scores[0] == scores[1])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func termAndTermsOnKeywordsNumbersAndBooleans(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .term("type", "movie")) == ["a1", "a2"])
            #expect(try await ids(backend, .terms("uuid", ["a3", "a5", "zz"])) == ["a3", "a5"])
            #expect(try await ids(backend, .term("year", 1995)) == ["a1"])
            #expect(try await ids(backend, .term("year", "1995")) == ["a1"])
            #expect(try await ids(backend, .term("year", 1995.5)) == [])
            #expect(try await ids(backend, .term("featured", true)) == ["a1", "a4"])
            #expect(try await ids(backend, .term("featured", "false")) == ["a2", "a5"])
            #expect(try await ids(backend, .terms("categories", ["drama"])) == ["a1", "a2"])
            #expect(try await ids(backend, .term("not_mapped", "x")) == [])
        }
    }

    /// A term on a date names the whole period it covers (its upper end is rounded up).
    @Test(arguments: BackendMode.allCases)
    func termOnDateCoversThePeriod(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .term("published", "2024-03-14")) == ["a1"])
            #expect(try await ids(backend, .term("published", "2024-03-14T08:00:00Z")) == ["a1"])
        }
    }

    /// Numeric ranges; fractional bounds on an integer field are rounded inwards.
    @Test(arguments: BackendMode.allCases)
    func rangeOnNumbers(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .range("year", gte: 1995, lte: 2003)) == ["a1", "a3"])
            #expect(try await ids(backend, .range("year", gt: 1995, lt: 2024)) == ["a3"])
            #expect(try await ids(backend, .range("year", gte: 1994.5, lt: 1995.5)) == ["a1"])
            #expect(try await ids(backend, .range("rating", gt: 7.9)) == ["a1", "a5"])
            #expect(try await ids(backend, .range("rating", gte: "7.9")) == ["a1", "a2", "a5"])
            #expect(try await ids(backend, .range("uuid", gte: "a2", lt: "a4")) == ["a2", "a3"])
        }
    }

    /// Date math with `now` and rounding: `gt`/`lte` round up, `gte`/`lt` round down.
    @Test(arguments: BackendMode.allCases)
    func rangeOnDatesWithDateMathAndRounding(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .range("published", gte: "now/d")) == ["a2", "a4"])
            #expect(try await ids(backend, .range("published", gt: "now/d")) == ["a4"])
            #expect(try await ids(backend, .range("published", lte: "now/d")) == ["a1", "a2", "a3"])
            #expect(try await ids(backend, .range("published", lt: "now/d")) == ["a1", "a3"])
            #expect(try await ids(backend, .range("published", gte: "now-1d/d", lt: "now/d")) == ["a1"])
            #expect(try await ids(backend, .range("published", gt: "2024-03-14")) == ["a2", "a4"])
            // Missing date parts default to their minimum, the time to its maximum: 2024-03-01T23:59:59.999.
            #expect(try await ids(backend, .range("published", lte: "2024-03")) == ["a3"])
            #expect(try await ids(backend, .range("published", gte: "now-3M", lte: "now")) == ["a1", "a2"])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func invalidQueryValuesFailAsShardFailures(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let number = await elasticsearchError { _ = try await ids(backend, .term("year", "abc")) }
            #expect(number?.type == "search_phase_execution_exception")
            #expect(number?.reason == "all shards failed")
            #expect(number?.status == 400)
            #expect(number?.effectiveRootCauses.first?.type == "query_shard_exception")
            #expect(
                number?.effectiveRootCauses.first?.reason
                    == "failed to create query: For input string: \"abc\"")
            #expect(number?.cause.causedBy?.causedBy?.type == "number_format_exception")
            let date = await elasticsearchError {
                _ = try await ids(backend, .range("published", gte: "last tuesday"))
            }
            #expect(date?.effectiveRootCauses.first?.type == "parse_exception")
        }
    }

    /// `minimum_should_match` defaults: 1 when a bool has only should clauses, 0 (should only
    /// scores) when it has a must or filter clause.
    @Test(arguments: BackendMode.allCases)
    func boolMinimumShouldMatchDefaults(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let shouldOnly = Query.bool(should: [.term("type", "movie"), .term("type", "episode")])
            #expect(try await ids(backend, shouldOnly) == ["a1", "a2", "a3"])
            let withFilter = Query.bool(filter: [.term("featured", true)], should: [.term("type", "movie")])
            #expect(try await ids(backend, withFilter) == ["a1", "a4"])
            let scored = try await backend.search("catalogue", request: SearchRequest(query: withFilter))
            #expect(scored.ids == ["a1", "a4"])
            #expect((scored.hits.hits[0].score ?? 0) > (scored.hits.hits[1].score ?? 0))
            let explicit = Query.bool(
                should: [.term("type", "movie"), .term("featured", true), .range("year", gte: 1990)],
                minimumShouldMatch: 2)
            #expect(try await ids(backend, explicit) == ["a1"])
            let percent = Query.bool(
                should: [.term("type", "movie"), .term("featured", true), .range("year", gte: 1990)],
                minimumShouldMatch: .percentage(100))
            #expect(try await ids(backend, percent) == ["a1"])
            let mustNotOnly = Query.bool(mustNot: [.term("type", "movie")])
            #expect(try await ids(backend, mustNotOnly) == ["a3", "a4", "a5"])
            let zero = Query.bool(
                should: [.term("type", "movie")], mustNot: [.term("year", 1995)], minimumShouldMatch: 0)
            #expect(try await ids(backend, zero) == ["a2"])
            #expect(try await ids(backend, .bool()) == ["a1", "a2", "a3", "a4", "a5"])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func nestedQueriesMatchWithinOneObject(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let inKenyaNow = Query.nested(
                path: "windows",
                query: .bool(filter: [
                    .term("windows.countries", "KE"), .range("windows.start", lte: "now"),
                    .range("windows.end", gt: "now"),
                ]))
            #expect(try await ids(backend, inKenyaNow) == ["a1", "a5"])
            let crossObject = Query.nested(
                path: "windows",
                query: .bool(filter: [.term("windows.countries", "NG"), .term("windows.type", "SVOD")]))
            #expect(try await ids(backend, crossObject) == ["a2"])
            #expect(try await ids(backend, .term("windows.countries", "KE")) == [])
            let negated = Query.bool(mustNot: [
                .nested(path: "windows", query: .term("windows.countries", "KE"))
            ])
            #expect(try await ids(backend, negated) == ["a2", "a3", "a4"])
        }
    }

    /// A nested query on a path that is not a nested field fails on every shard.
    @Test(arguments: BackendMode.allCases)
    func nestedQueryOnNonNestedPathFails(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            let error = await elasticsearchError {
                _ = try await ids(backend, .nested(path: "titles", query: .matchAll))
            }
            #expect(error?.type == "search_phase_execution_exception")
            #expect(error?.status == 400)
            let root = error?.effectiveRootCauses.first
            #expect(root?.type == "query_shard_exception")
            // `titles` is an object field: Elasticsearch says it is not nested; a path that is
            // not mapped at all is one it "failed to find".
            #expect(
                root?.reason
                    == "failed to create query: [nested] nested object under path [titles] is not of nested type"
            )
            let unmapped = await elasticsearchError {
                _ = try await ids(backend, .nested(path: "nowhere", query: .matchAll))
            }
            #expect(
                unmapped?.effectiveRootCauses.first?.reason
                    == "failed to create query: [nested] failed to find nested object under path [nowhere]")
            #expect(root?.metadata["index"] == "catalogue")
            #expect(error?.cause.causedBy?.causedBy?.type == "illegal_state_exception")
            let failed = error?.cause.metadata["failed_shards"]?[0]
            #expect(failed?["index"] == "catalogue")
            #expect(failed?["reason"]?["type"] == "query_shard_exception")
            let ignored = Query.nested(NestedQuery(path: "titles", query: .matchAll, ignoreUnmapped: true))
            #expect(try await ids(backend, ignored) == [])
        }
    }

    /// `exists`: null and [] do not exist; "" and [null, "x"] do.
    @Test(arguments: BackendMode.allCases)
    func existsFollowsNullAndEmptyArraySemantics(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let mapping = Mapping {
                Property.keyword("tag")
                Property.text("note")
                Property.object("extra") {}
            }
            try await seed(
                backend, index: "catalogue", mapping: mapping,
                [
                    ("null", ["tag": nil]), ("empty-array", ["tag": []]), ("missing", ["note": "n"]),
                    ("empty-string", ["tag": ""]), ("mixed", ["tag": [nil, "x"]]),
                    ("text-empty", ["note": ""]),
                    ("object", ["extra": ["inner": 1]]),
                ])
            #expect(try await ids(backend, .exists("tag")) == ["empty-string", "mixed"])
            #expect(try await ids(backend, .exists("note")) == ["missing", "text-empty"])
            #expect(try await ids(backend, .exists("extra")) == ["object"])
            #expect(try await ids(backend, .exists("nothing")) == [])
        }
    }

    @Test(arguments: BackendMode.allCases)
    func idsAndMatchAll(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, catalogueDocuments)
            #expect(try await ids(backend, .ids(["a4", "a1", "nope"])) == ["a1", "a4"])
            #expect(try await ids(backend, .matchAll) == ["a1", "a2", "a3", "a4", "a5"])
            #expect(try await ids(backend, .matchNone) == [])
            let all = try await backend.search("catalogue", request: SearchRequest(query: .matchAll))
            #expect(all.hits.hits.allSatisfy { $0.score == 1.0 })
        }
    }
}
