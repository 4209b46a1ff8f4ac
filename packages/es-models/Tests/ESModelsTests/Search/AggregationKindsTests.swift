import Testing

@testable import ESModels

/// The bucket, metric and `top_hits` aggregations, both ways, and the errors of malformed ones
/// in both wordings (es-models' own and an Elasticsearch node's, which es-embedded answers).
@Suite struct AggregationKindsTests {
    @Test func bucketAndMetricAggregationsRoundTrip() throws {
        let documented = try JSONValue(
            parsing: """
                {"aggs": {
                  "kinds": {"filters": {"filters": {"films": {"term": {"type": "movie"}}}, "other_bucket_key": "rest"}},
                  "prices": {"range": {"field": "price", "ranges": [{"to": 100}, {"key": "dear", "from": 100}]}},
                  "recent": {"date_range": {"field": "date", "format": "yyyy", "ranges": [{"from": "now-1y"}]}},
                  "steps": {"histogram": {"field": "price", "interval": 50, "extended_bounds": {"min": 0, "max": 500}}},
                  "months": {"date_histogram": {"field": "date", "calendar_interval": "1M", "time_zone": "Europe/Paris",
                                                "offset": "-1h", "keyed": true}},
                  "hours": {"date_histogram": {"field": "date", "fixed_interval": "90m", "min_doc_count": 1}},
                  "windows": {"nested": {"path": "windows"},
                              "aggs": {"back": {"reverse_nested": {}, "aggs": {"best": {"max": {"field": "rating"}}}}}},
                  "people": {"cardinality": {"field": "user", "precision_threshold": 100}, "meta": {"shown": true}},
                  "top": {"top_hits": {"size": 1, "sort": [{"date": "desc"}], "_source": ["title"]}}
                }}
                """)
        let request = try SearchRequest(json: documented)
        let expected: [String: Aggregation] = [
            "kinds": Aggregation(
                .filters(
                    FiltersAggregation(.keyed(["films": .term("type", "movie")]), otherBucketKey: "rest"))),
            "prices": Aggregation(
                .range(
                    RangeAggregation(
                        field: "price", ranges: [.init(to: 100), .init(key: "dear", from: 100)]))),
            "recent": Aggregation(
                .dateRange(RangeAggregation(field: "date", ranges: [.init(from: "now-1y")], format: "yyyy"))),
            "steps": Aggregation(
                .histogram(
                    HistogramAggregation(
                        field: "price", interval: 50, extendedBounds: .init(min: 0, max: 500)))
            ),
            "months": Aggregation(
                .dateHistogram(
                    DateHistogramAggregation(
                        field: "date", interval: .calendar(.month), timeZone: "Europe/Paris", keyed: true,
                        offset: -3_600_000))),
            "hours": Aggregation(
                .dateHistogram(
                    DateHistogramAggregation(
                        field: "date", interval: .fixed(TimeValue(milliseconds: 5_400_000)), minDocCount: 1))),
            "windows": .nested(
                path: "windows",
                [
                    "back": Aggregation(
                        .reverseNested(path: nil),
                        aggregations: ["best": Aggregation(.metric(MetricAggregation(.max, field: "rating")))]
                    )
                ]),
            "people": Aggregation(
                .metric(MetricAggregation(.cardinality, field: "user", precisionThreshold: 100)),
                meta: ["shown": true]),
            "top": Aggregation(
                .topHits(
                    TopHitsAggregation(
                        size: 1, sort: [SortField("date", order: .desc)], source: .includes(["title"])))),
        ]
        #expect(request.aggregations == expected)
        // What `json` writes decodes to the same values (in both wordings).
        for wording in ErrorWording.allCases {
            let written = JSONValue.object(expected.mapValues(\.json))
            #expect(try Aggregation.list(json: written, wording: wording) == expected)
        }
        #expect(expected["people"]?.kind.name == "cardinality")
        #expect(expected["months"]?.kind.name == "date_histogram")
    }

    @Test func timeValuesReadElasticsearchUnits() throws {
        #expect(try TimeValue(parsing: "90s", setting: "scroll").milliseconds == 90_000)
        #expect(try TimeValue(parsing: " 2H ", setting: "scroll").milliseconds == 7_200_000)
        #expect(try TimeValue(parsing: "-1", setting: "scroll").milliseconds == 0)
        #expect(TimeValue(milliseconds: 1500).description == "1500ms")
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason:
                "failed to parse setting [scroll] with value [5x] as a time value: unit is missing or unrecognized"
        ) { _ = try TimeValue(parsing: "5x", setting: "scroll") }
    }

    @Test(arguments: [
        (#"{"a": {"term": {"field": "f"}}}"#, "Unknown aggregation type [term]", "parsing_exception"),
        (
            #"{"a": {"terms": {}}}"#, "Required one of fields [field, script], but none were specified.",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"terms": {"field": "f", "colour": 1}}}"#, "[terms] unknown field [colour]",
            "x_content_parse_exception"
        ),
        (
            #"{"a": {"terms": "f"}}"#, "[terms] expected an object, found [VALUE_STRING]",
            "x_content_parse_exception"
        ),
        (#"{"a": {"nested": {}}}"#, "[path] must not be null: [a]", "illegal_argument_exception"),
    ])
    func clientWording(text: String, reason: String, type: String) throws {
        let json = try JSONValue(parsing: text)
        expectElasticsearchError(type: type, reason: reason) { _ = try Aggregation.list(json: json) }
    }

    @Test(arguments: [
        (
            #"{"a": {"term": {"field": "f"}}}"#, "Unknown aggregation type [term] did you mean [terms]?",
            "parsing_exception"
        ),
        (
            #"{"a": {"terms": {}}}"#, "Required one of fields [field, script], but none were specified. ",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"terms": {"field": "f", "colour": 1}}}"#, "[terms] unknown field [colour]",
            "parsing_exception"
        ),
        (
            #"{"a": {"terms": "f"}}"#,
            "Expected [START_OBJECT] under [terms], but got a [VALUE_STRING] in [a]",
            "parsing_exception"
        ),
        (
            #"{"a": {"terms": {"field": "f", "order": {"_count": "up"}}}}"#,
            #"Unknown terms order direction [{"_count":"up"}]"#, "parsing_exception"
        ),
        (
            #"{"a": {"terms": {"field": "f", "size": 0}}}"#,
            "[size] must be greater than 0. Found [0] in [a]",
            "illegal_argument_exception"
        ),
        (#"{"a": {"nested": {}}}"#, "Missing [path] field for nested aggregation [a]", "parsing_exception"),
        (#"{"a": {"filters": {}}}"#, "[filters] cannot be null.", "illegal_argument_exception"),
        (
            #"{"a": {"range": {"field": "f"}}}"#, "No [ranges] specified for the [a] aggregation",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"range": {"field": "f", "ranges": [1]}}}"#,
            "[range] expected an object, found [VALUE_NUMBER]", "parsing_exception"
        ),
        (
            #"{"a": {"range": {"field": "f", "ranges": [{"upto": 1}]}}}"#, "[range] unknown field [upto]",
            "x_content_parse_exception"
        ),
        (
            #"{"a": {"histogram": {"field": "f", "interval": 0}}}"#,
            "[interval] must be >0 for histogram aggregation [a]",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"date_histogram": {"field": "f", "calendar_interval": "2d"}}}"#,
            "The supplied interval [2d] could not be parsed as a calendar interval.",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"date_histogram": {"field": "f", "fixed_interval": "5x"}}}"#,
            "failed to parse setting [date_histogram.fixedInterval] with value [5x] as a time value: unit is missing or unrecognized",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"date_histogram": {"field": "f", "interval": "1d"}}}"#,
            "[interval] on [date_histogram] is deprecated and removed; use [calendar_interval] or [fixed_interval]",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"date_histogram": {"field": "f"}}}"#,
            "Invalid interval specified, must be non-null and non-empty",
            "illegal_argument_exception"
        ),
        (
            #"{"a": {"max": {"field": "f"}, "aggs": {"b": {"min": {"field": "g"}}}}}"#,
            "Aggregator [a] of type [max] cannot accept sub-aggregations",
            "aggregation_initialization_exception"
        ),
        (#"{"a": {"meta": {}}}"#, "Missing definition for aggregation [a]", "parsing_exception"),
    ])
    func nodeWording(text: String, reason: String, type: String) throws {
        let json = try JSONValue(parsing: text)
        expectElasticsearchError(type: type, reason: reason) {
            _ = try Aggregation.list(json: json, wording: .node)
        }
    }
}
