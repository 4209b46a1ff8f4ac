import Testing

@testable import ESModels

/// `multi_match`, `match_phrase`, `function_score` and `fuzziness`, checked against JSON from
/// Elasticsearch's query DSL documentation: each literal decodes to the value built with the
/// DSL, and the DSL encodes back to the same JSON.
@Suite struct ScoringQueryJSONTests {
    private func check(
        _ documented: String, equals built: Query, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let json = try JSONValue(parsing: documented)
        #expect(try Query(json: json) == built, sourceLocation: sourceLocation)
        #expect(built.json == json, sourceLocation: sourceLocation)
        #expect(try Query(json: built.json) == built, sourceLocation: sourceLocation)
    }

    @Test func multiMatchBoolPrefix() throws {
        try check(
            #"{"multi_match": {"query": "quick brown f", "type": "bool_prefix", "fields": ["subject", "message"]}}"#,
            equals: .multiMatch("quick brown f", fields: ["subject", "message"], type: .boolPrefix))
    }

    @Test func multiMatchWithBoostedFieldsFuzzinessAndOperator() throws {
        try check(
            """
            {"multi_match": {"query": "Will Smith", "fields": ["title^3", "*_name"], "operator": "and",
              "fuzziness": "AUTO:5,8", "prefix_length": 1, "tie_breaker": 0.3, "boost": 2.0}}
            """,
            equals: .multiMatch(
                MultiMatchQuery(
                    query: "Will Smith", fields: ["title^3", "*_name"], operator: .and,
                    fuzziness: .auto(low: 5, high: 8), prefixLength: 1, tieBreaker: 0.3, boost: 2)))
        #expect(
            try Query(json: ["multi_match": ["query": "x", "fields": "title"]])
                == .multiMatch("x", fields: ["title"]))
    }

    @Test func matchPhraseShortAndLongForms() throws {
        try check(
            #"{"match_phrase": {"message": "this is a test"}}"#,
            equals: .matchPhrase("message", "this is a test"))
        try check(
            #"{"match_phrase": {"message": {"query": "this is a test", "slop": 1, "boost": 3.0}}}"#,
            equals: .matchPhrase("message", "this is a test", slop: 1, boost: 3))
    }

    @Test func functionScoreWithDecaysAndModes() throws {
        try check(
            """
            {"function_score": {
              "functions": [
                {"gauss": {"price": {"origin": "0", "scale": "20"}}},
                {"gauss": {"location": {"origin": "11, 12", "scale": "2km"}}}
              ],
              "query": {"match": {"properties": "balcony"}},
              "score_mode": "multiply"
            }}
            """,
            equals: .functionScore(
                FunctionScoreQuery(
                    query: .match("properties", "balcony"),
                    functions: [
                        .decay(.gauss, field: "price", origin: "0", scale: "20"),
                        .decay(.gauss, field: "location", origin: "11, 12", scale: "2km"),
                    ],
                    scoreMode: .multiply)))
        try check(
            """
            {"function_score": {
              "query": {"match_all": {}},
              "functions": [
                {"filter": {"term": {"type": "movie"}}, "weight": 2.0},
                {"exp": {"created_at": {"origin": "2025-06-01T00:00:00Z", "scale": "30d", "offset": "1d", "decay": 0.5}},
                 "weight": 1.5}
              ],
              "boost_mode": "sum", "max_boost": 42.0, "min_score": 0.5, "boost": 5.0
            }}
            """,
            equals: .functionScore(
                FunctionScoreQuery(
                    query: .matchAll,
                    functions: [
                        ScoreFunction(.weight, filter: .term("type", "movie"), weight: 2),
                        .decay(
                            .exp, field: "created_at", origin: "2025-06-01T00:00:00Z", scale: "30d",
                            offset: "1d",
                            decay: 0.5, weight: 1.5),
                    ],
                    boostMode: .sum, maxBoost: 42, minScore: 0.5, boost: 5)))
    }

    @Test func functionScoreTopLevelFunctionDecodesToTheListForm() throws {
        let documented = try JSONValue(
            parsing: """
                {"function_score": {"field_value_factor": {"field": "my-int", "factor": 1.2, "modifier": "sqrt", "missing": 1}}}
                """)
        let expected = Query.functionScore(
            FunctionScoreQuery(
                functions: [
                    ScoreFunction(
                        .fieldValueFactor(
                            FieldValueFactor(field: "my-int", factor: 1.2, modifier: .sqrt, missing: 1)))
                ]))
        #expect(try Query(json: documented) == expected)
        #expect(try Query(json: expected.json) == expected)
        #expect(
            expected.json == [
                "function_score": [
                    "functions": [
                        [
                            "field_value_factor": [
                                "field": "my-int", "factor": 1.2, "modifier": "sqrt", "missing": 1.0,
                            ]
                        ]
                    ]
                ]
            ])
    }

    @Test func fuzzinessForms() throws {
        #expect(try Fuzziness(json: "AUTO") == .auto)
        #expect(try Fuzziness(json: "auto:3,6") == .auto)
        #expect(try Fuzziness(json: "AUTO:5,8") == .autoRange(low: 5, high: 8))
        #expect(try Fuzziness(json: 2) == .edits(2))
        #expect(try Fuzziness(json: "1") == .edits(1))
        #expect(Fuzziness.auto(low: 5, high: 8).json == "AUTO:5,8")
        #expect(Fuzziness.auto.json == "AUTO")
        #expect(Fuzziness.edits(1).json == 1)
        #expect(Fuzziness.auto(low: 5, high: 8).edits(forLength: 4) == 0)
        #expect(Fuzziness.auto(low: 5, high: 8).edits(forLength: 5) == 1)
        #expect(Fuzziness.auto.edits(forLength: 4) == 1)
        #expect(Fuzziness.auto.edits(forLength: 9) == 2)
    }

    @Test func fuzzinessReadsTextAsElasticsearchDoes() throws {
        // A textual fuzziness is read as a float whose whole part counts, as Elasticsearch does.
        #expect(try Fuzziness(json: "1.0") == .edits(1))
        #expect(try Fuzziness(json: "2.5") == .edits(2))
        #expect(try Fuzziness(json: "AUTO:4,7") == .autoRange(low: 4, high: 7))
        // A fixed fuzziness beyond two edits allows two, as Lucene's automata do.
        #expect(Fuzziness.edits(5).edits(forLength: 10) == 2)
        #expect(Fuzziness.edits(0).edits(forLength: 10) == 0)
        expectElasticsearchError(type: "illegal_argument_exception", reason: "Invalid fuzziness value: [inf]")
        {
            _ = try Fuzziness(json: "inf")
        }
        expectElasticsearchError(
            type: "parse_exception", reason: "failed to find low and high distance values"
        ) {
            _ = try Fuzziness(json: "AUTO:7,4")
        }
    }

    @Test(arguments: [
        (
            #"{"multi_match": {"fields": ["a"]}}"#, "parsing_exception",
            "No text specified for multi_match query"
        ),
        (
            #"{"multi_match": {"query": "x", "type": "best"}}"#, "parse_exception",
            "failed to parse [multi_match] query type [best]. unknown type."
        ),
        (
            #"{"multi_match": {"query": "x", "slop": 1}}"#, "parsing_exception",
            "[multi_match] query does not support [slop]"
        ),
        (
            #"{"multi_match": {"query": "x", "fuzziness": "AUTO:5"}}"#, "parse_exception",
            "failed to find low and high distance values"
        ),
        (
            #"{"multi_match": {"query": "x", "fuzziness": "lots"}}"#, "illegal_argument_exception",
            "Invalid fuzziness value: [lots]"
        ),
        (
            #"{"function_score": {"functions": [{"filter": {"match_all": {}}}]}}"#, "parsing_exception",
            "an entry in functions list is missing a function."
        ),
        (
            #"{"function_score": {"gauss": {"d": {"origin": "now"}}}}"#, "parse_exception",
            "[gauss] must have a scale"
        ),
        (
            #"{"function_score": {"score_mode": "most", "weight": 1}}"#, "parsing_exception",
            "failed to parse [function_score] query. illegal score_mode [most]"
        ),
        (
            #"{"function_score": {"field_value_factor": {"field": "f", "modifier": "cube"}}}"#,
            "illegal_argument_exception", "Illegal modifier: cube"
        ),
        (
            #"{"match_phrase": {"a": "x", "b": "y"}}"#, "parsing_exception",
            "[match_phrase] query doesn't support multiple fields, found [a] and [b]"
        ),
    ])
    func rejectsMalformedQueries(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try Query(jsonText: text) }
    }
}
