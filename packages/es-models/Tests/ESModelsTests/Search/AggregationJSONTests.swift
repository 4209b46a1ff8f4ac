import Testing

@testable import ESModels

/// Aggregations, highlighting and `search_after`, both ways, checked against JSON from
/// Elasticsearch's search and aggregation documentation.
@Suite struct AggregationJSONTests {
    @Test func termsAggregationRequest() throws {
        let documented = try JSONValue(
            parsing:
                #"{"size": 0, "aggs": {"genres": {"terms": {"field": "genre", "order": {"_count": "asc"}}}}}"#
        )
        let built = SearchRequest(
            size: 0,
            aggregations: ["genres": .terms("genre", order: [TermsAggregation.Order("_count", .asc)])])
        #expect(try SearchRequest(json: documented) == built)
        #expect(built.json == documented)
    }

    @Test func nestedAndFilterAggregationsWithSubAggregations() throws {
        let documented = try JSONValue(
            parsing: """
                {"aggregations": {
                  "resellers": {"nested": {"path": "resellers"},
                                "aggs": {"names": {"terms": {"field": "resellers.reseller", "size": 5,
                                                             "min_doc_count": 2, "missing": "none"}}}},
                  "recent": {"filter": {"range": {"date": {"gte": "now-1M"}}},
                             "aggs": {"tags": {"terms": {"field": "tags", "order": [{"_count": "desc"}, {"_key": "asc"}]}}}}
                }}
                """)
        let request = try SearchRequest(json: documented)
        let expected = SearchRequest(aggregations: [
            "resellers": .nested(
                path: "resellers",
                [
                    "names": Aggregation(
                        .terms(
                            TermsAggregation(
                                field: "resellers.reseller", size: 5, minDocCount: 2, missing: "none")))
                ]),
            "recent": .filter(
                .range("date", gte: "now-1M"),
                ["tags": .terms("tags", order: [.countDescending, .keyAscending])]),
        ])
        #expect(request == expected)
        #expect(try SearchRequest(json: expected.json) == expected)
        #expect(
            expected.json["aggs"]?["recent"]?["aggs"]?["tags"]?["terms"]?["order"] == [
                ["_count": "desc"], ["_key": "asc"],
            ])
    }

    @Test func termsAggregationResponse() throws {
        let documented = """
            {
              "took": 1, "timed_out": false,
              "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
              "hits": {"total": {"value": 11, "relation": "eq"}, "max_score": null, "hits": []},
              "aggregations": {
                "genres": {
                  "doc_count_error_upper_bound": 0,
                  "sum_other_doc_count": 0,
                  "buckets": [
                    {"key": "electronic", "doc_count": 6},
                    {"key": "rock", "doc_count": 3},
                    {"key": "jazz", "doc_count": 2}
                  ]
                },
                "resellers": {"doc_count": 4, "names": {"doc_count_error_upper_bound": 0, "sum_other_doc_count": 1,
                  "buckets": [{"key": 1, "key_as_string": "true", "doc_count": 3}]}}
              }
            }
            """
        let response = try SearchResponse(jsonText: documented)
        let genres = try #require(response.aggregations?["genres"])
        #expect(genres.buckets?.map(\.key) == ["electronic", "rock", "jazz"])
        #expect(genres.buckets?.map(\.docCount) == [6, 3, 2])
        #expect(genres.sumOtherDocCount == 0)
        let resellers = try #require(response.aggregations?["resellers"])
        #expect(resellers.docCount == 4)
        #expect(
            resellers.aggregations["names"]?.buckets == [
                AggregationBucket(key: 1, keyAsString: "true", docCount: 3)
            ])
        #expect(try response.json == JSONValue(parsing: documented))
        #expect(try SearchResponse(json: response.json) == response)
    }

    @Test func keyedBucketsTakeTheirNamesAsKeys() throws {
        let result = try AggregationResult(
            json: ["buckets": ["errors": ["doc_count": 34], "warnings": ["doc_count": 439]]])
        #expect(
            result.buckets == [
                AggregationBucket(key: "errors", docCount: 34),
                AggregationBucket(key: "warnings", docCount: 439),
            ])
    }

    @Test func highlightRequestAndHitFragments() throws {
        let documented = try JSONValue(
            parsing: """
                {"query": {"match": {"content": "kimchy"}},
                 "highlight": {"pre_tags": ["<b>"], "post_tags": ["</b>"], "require_field_match": false,
                               "fields": {"content": {}, "title": {"number_of_fragments": 0, "fragment_size": 150}}}}
                """)
        let built = SearchRequest(
            query: .match("content", "kimchy"),
            highlight: Highlight(
                fields: ["content": .init(), "title": .init(fragmentSize: 150, numberOfFragments: 0)],
                preTags: ["<b>"], postTags: ["</b>"], requireFieldMatch: false))
        #expect(try SearchRequest(json: documented) == built)
        #expect(built.json == documented)
        let hit = try SearchHit(
            json: [
                "_index": "i", "_id": "1", "_score": 1.0,
                "highlight": ["message": [" with the <em>number</em> <em>1</em>"]],
            ])
        #expect(hit.highlight == ["message": [" with the <em>number</em> <em>1</em>"]])
        #expect(try SearchHit(json: hit.json) == hit)
    }

    @Test func searchAfterRoundTrips() throws {
        let documented = try JSONValue(
            parsing: """
                {"size": 10000, "query": {"match": {"user.id": "elkbee"}},
                 "search_after": [1463538857, "654323"],
                 "sort": [{"@timestamp": "asc"}, {"tie_breaker_id": "asc"}]}
                """)
        let built = SearchRequest(
            query: .match("user.id", "elkbee"), size: 10000,
            sort: [SortField("@timestamp", order: .asc), SortField("tie_breaker_id", order: .asc)],
            searchAfter: [1_463_538_857, "654323"])
        #expect(try SearchRequest(json: documented) == built)
        #expect(built.json == documented)
    }

    @Test(arguments: [
        (
            #"{"aggs": {"a": {"terms": {"field": "f"}, "nested": {"path": "p"}}}}"#, "parsing_exception",
            "Found two aggregation type definitions in [a]: [nested] and [terms]"
        ),
        (
            #"{"aggs": {"a": {"termz": {"field": "f"}}}}"#, "parsing_exception",
            "Unknown aggregation type [termz]"
        ),
        (#"{"aggs": {"a": {}}}"#, "parsing_exception", "Missing definition for aggregation [a]"),
        (
            #"{"aggs": {"a": {"terms": {"size": 3}}}}"#, "illegal_argument_exception",
            "Required one of fields [field, script], but none were specified."
        ),
        (
            #"{"aggs": {"a": {"terms": {"field": "f", "order": {"_count": "up"}}}}}"#, "parsing_exception",
            "Unknown terms order direction [up]"
        ),
        (#"{"search_after": 1}"#, "parsing_exception", "Unknown key for a VALUE_NUMBER in [search_after]."),
        (#"{"highlight": []}"#, "parsing_exception", "Unknown key for a START_ARRAY in [highlight]."),
        (
            #"{"highlight": {"fields": {"a": {}}, "colour": "red"}}"#, "x_content_parse_exception",
            "[highlight] unknown field [colour]"
        ),
    ])
    func rejectsMalformedBodies(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try SearchRequest(jsonText: text) }
    }
}
