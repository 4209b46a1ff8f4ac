import Testing

@testable import ESModels

/// Search bodies checked against JSON from Elasticsearch's search API documentation.
@Suite struct SearchRequestTests {
    @Test func sortDocumentationExample() throws {
        let documented = try JSONValue(
            parsing: """
                {
                  "sort" : [
                    { "post_date" : {"order" : "asc", "format": "strict_date_optional_time_nanos"}},
                    "user",
                    { "name" : "desc" },
                    { "age" : "desc" },
                    "_score"
                  ],
                  "query" : {
                    "term" : { "user" : "kimchy" }
                  }
                }
                """)
        let built = SearchRequest(
            query: .term("user", "kimchy"),
            sort: [
                SortField("post_date", order: .asc, format: "strict_date_optional_time_nanos"),
                SortField("user"),
                SortField("name", order: .desc), SortField("age", order: .desc), .score,
            ])
        #expect(try SearchRequest(json: documented) == built)
        #expect(built.json == documented)
    }

    @Test func sortAcceptsEveryShorthand() throws {
        #expect(try SearchRequest(json: ["sort": "f"]).sort == [SortField("f")])
        #expect(try SearchRequest(json: ["sort": ["g": "desc"]]).sort == [SortField("g", order: .desc)])
        #expect(
            try SearchRequest(json: ["sort": ["f", ["g": "DESC"]]]).sort == [
                SortField("f"), SortField("g", order: .desc),
            ])
        let full = try SortField(json: ["g": ["order": "desc", "missing": "_last"]])
        #expect(full == SortField("g", order: .desc, missing: .last))
        #expect(full.json == ["g": ["order": "desc", "missing": "_last"]])
        let value = try SortField(json: ["g": ["missing": 0, "mode": "min", "unmapped_type": "long"]])
        #expect(value == SortField("g", missing: .value(0), mode: .min, unmappedType: "long"))
    }

    @Test func nestedSortRoundTrips() throws {
        let sort = SortField(
            "license_windows.start", order: .asc,
            nested: .init(path: "license_windows", filter: .term("license_windows.countries", "KE")))
        #expect(
            sort.json == [
                "license_windows.start": [
                    "order": "asc",
                    "nested": [
                        "path": "license_windows", "filter": ["term": ["license_windows.countries": "KE"]],
                    ],
                ]
            ])
        #expect(try SortField(json: sort.json) == sort)
    }

    @Test func sortDefaultsFollowElasticsearch() {
        #expect(SortField.score.effectiveOrder == .desc)
        #expect(SortField("f").effectiveOrder == .asc)
    }

    @Test func sourceFilteringForms() throws {
        #expect(try SearchRequest(json: ["_source": false]).source == .fetch(false))
        #expect(try SearchRequest(json: ["_source": "obj.*"]).source == .includes(["obj.*"]))
        #expect(
            try SearchRequest(json: ["_source": ["obj1.*", "obj2.*"]]).source
                == .includes(["obj1.*", "obj2.*"]))
        let object: JSONValue = ["includes": ["obj1.*", "obj2.*"], "excludes": ["*.description"]]
        let filter = try SourceFilter(json: object)
        #expect(filter == SourceFilter(includes: ["obj1.*", "obj2.*"], excludes: ["*.description"]))
        #expect(filter.json == object)
        #expect(
            try SourceFilter(json: ["include": "a", "exclude": "b"])
                == SourceFilter(includes: ["a"], excludes: ["b"]))
        #expect(SourceFilter.includes(["a"]).json == ["a"])
        #expect(SourceFilter.fetch(true).json == true)
    }

    @Test func trackTotalHitsForms() throws {
        #expect(try SearchRequest(json: ["track_total_hits": true]).trackTotalHits == .accurate)
        #expect(try SearchRequest(json: ["track_total_hits": false]).trackTotalHits == .disabled)
        #expect(try SearchRequest(json: ["track_total_hits": 100]).trackTotalHits == .upTo(100))
        #expect(try TrackTotalHits(json: -1) == .disabled)
        #expect(TrackTotalHits.upTo(100).json == 100)
        #expect(TrackTotalHits.accurate.limit == Int.max)
        #expect(TrackTotalHits.disabled.limit == nil)
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason: "[track_total_hits] parameter must be positive or equals to -1, got -5"
        ) { _ = try TrackTotalHits(json: -5) }
    }

    @Test func pagingDocumentationExample() throws {
        let documented = try JSONValue(
            parsing: #"{"from": 5, "size": 20, "query": {"match": {"user.id": "kimchy"}}}"#)
        let request = try SearchRequest(json: documented)
        #expect(request == SearchRequest(query: .match("user.id", "kimchy"), from: 5, size: 20))
        #expect(request.json == documented)
        #expect(SearchRequest().effectiveSize == 10)
        #expect(SearchRequest().effectiveFrom == 0)
        #expect(SearchRequest().json == [:])
        #expect(try SearchRequest(json: nil) == SearchRequest())
    }

    @Test(arguments: [
        (#"{"qeury": {}}"#, "parsing_exception", "Unknown key for a START_OBJECT in [qeury]."),
        (#"{"size": 10, "aggs": []}"#, "parsing_exception", "Unknown key for a START_ARRAY in [aggs]."),
        (#"{"timeout": "1s"}"#, "parsing_exception", "Unknown key for a VALUE_STRING in [timeout]."),
        (#"{"from": -1}"#, "illegal_argument_exception", "[from] parameter cannot be negative, found [-1]"),
        (#"{"size": -3}"#, "illegal_argument_exception", "[size] parameter cannot be negative, found [-3]"),
        (#"{"sort": [{"a": "up"}]}"#, "illegal_argument_exception", "Unknown SortOrder [up]"),
        (
            #"{"sort": [{"a": {"order": "asc", "weight": 1}}]}"#, "x_content_parse_exception",
            "[field_sort] unknown field [weight]"
        ),
        (
            #"{"sort": {"a": "asc", "b": "desc"}}"#, "parsing_exception",
            "[sort] expects one field per sort object, found [a, b]; use an array of single-field objects"
        ),
        (
            #"{"_source": 1}"#, "parsing_exception",
            "Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found [VALUE_NUMBER]"
        ),
        (#"[]"#, "parsing_exception", "Expected [START_OBJECT] but found [START_ARRAY]"),
    ])
    func rejectsMalformedBodies(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try SearchRequest(jsonText: text) }
    }

    @Test func countBody() throws {
        #expect(try CountRequest(json: ["query": ["match_all": [:]]]) == CountRequest(query: .matchAll))
        #expect(CountRequest(query: .exists("a")).json == ["query": ["exists": ["field": "a"]]])
        #expect(CountRequest().json == [:])
        expectElasticsearchError(type: "parsing_exception", reason: "request does not support [size]") {
            _ = try CountRequest(json: ["size": 1])
        }
    }
}
