import Testing

@testable import ESModels

/// Queries checked against JSON from Elasticsearch's query DSL documentation: each literal
/// decodes to the value built with the DSL, and the DSL encodes back to the same JSON.
@Suite struct QueryJSONTests {
    private func check(
        _ documented: String, equals built: Query, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let json = try JSONValue(parsing: documented)
        #expect(try Query(json: json) == built, sourceLocation: sourceLocation)
        #expect(built.json == json, sourceLocation: sourceLocation)
        #expect(try Query(json: built.json) == built, sourceLocation: sourceLocation)
    }

    @Test func termWithBoostAndShorthand() throws {
        try check(
            """
            {
              "bool": {
                "should": [
                  { "term": { "status": { "value": "urgent", "boost": 2.0 } } },
                  { "term": { "status": "normal" } }
                ]
              }
            }
            """,
            equals: .bool(should: [.term("status", "urgent", boost: 2.0), .term("status", "normal")]))
    }

    @Test func termWithCaseInsensitive() throws {
        try check(
            #"{"term": {"user.id": {"value": "KIMCHY", "case_insensitive": true}}}"#,
            equals: .term(TermQuery(field: "user.id", value: "KIMCHY", caseInsensitive: true)))
    }

    @Test func termsWithBoost() throws {
        try check(
            #"{"terms": {"user.id": ["kimchy", "elkbee"], "boost": 1.0}}"#,
            equals: .terms("user.id", ["kimchy", "elkbee"], boost: 1.0))
    }

    @Test func rangeOnNumbersAndDateMath() throws {
        try check(
            #"{"range": {"age": {"gte": 10, "lte": 20, "boost": 2.0}}}"#,
            equals: .range(RangeQuery(field: "age", gte: 10, lte: 20, boost: 2.0)))
        try check(
            #"{"range": {"timestamp": {"gte": "now-1d/d", "lt": "now/d"}}}"#,
            equals: .range("timestamp", gte: "now-1d/d", lt: "now/d"))
        try check(
            #"{"range": {"timestamp": {"time_zone": "+01:00", "gte": "2020-01-01T00:00:00", "lte": "now"}}}"#,
            equals: .range("timestamp", gte: "2020-01-01T00:00:00", lte: "now", timeZone: "+01:00"))
        try check(
            #"{"range": {"born": {"gte": "01/01/2012", "lte": "2013", "format": "dd/MM/yyyy||yyyy"}}}"#,
            equals: .range("born", gte: "01/01/2012", lte: "2013", format: "dd/MM/yyyy||yyyy"))
    }

    @Test func rangeLegacyFromToFormDecodesToBounds() throws {
        let legacy = try Query(
            json: ["range": ["age": ["from": 10, "to": 20, "include_lower": true, "include_upper": false]]])
        #expect(legacy == .range("age", gte: 10, lt: 20))
        let nullBound = try Query(json: ["range": ["age": ["gte": nil, "lt": 5]]])
        #expect(nullBound == .range("age", lt: 5))
    }

    @Test func existsIdsAndMatchAll() throws {
        try check(#"{"exists": {"field": "user"}}"#, equals: .exists("user"))
        try check(#"{"ids": {"values": ["1", "4", "100"]}}"#, equals: .ids(["1", "4", "100"]))
        try check(#"{"match_all": {}}"#, equals: .matchAll)
        try check(#"{"match_all": {"boost": 1.2}}"#, equals: .matchAll(boost: 1.2))
        try check(#"{"match_none": {}}"#, equals: .matchNone)
    }

    @Test func matchShortAndLongForms() throws {
        try check(#"{"match": {"message": "this is a test"}}"#, equals: .match("message", "this is a test"))
        try check(
            #"{"match": {"message": {"query": "this is a test", "operator": "and"}}}"#,
            equals: .match("message", "this is a test", operator: .and))
        try check(
            #"{"match": {"message": {"query": "quick brown fox", "minimum_should_match": "75%"}}}"#,
            equals: .match("message", "quick brown fox", minimumShouldMatch: .percentage(75)))
        // The long form with only a query decodes to the same value as the shorthand.
        #expect(try Query(jsonText: #"{"match": {"message": {"query": "x"}}}"#) == .match("message", "x"))
    }

    @Test func boolWithSingleClausesDecodesAndEncodesAsArrays() throws {
        let documented = try JSONValue(
            parsing: """
                {
                  "bool" : {
                    "must" : {
                      "term" : { "user.id" : "kimchy" }
                    },
                    "filter": {
                      "term" : { "tags" : "production" }
                    },
                    "must_not" : {
                      "range" : {
                        "age" : { "gte" : 10, "lte" : 20 }
                      }
                    },
                    "should" : [
                      { "term" : { "tags" : "env1" } },
                      { "term" : { "tags" : "deployed" } }
                    ],
                    "minimum_should_match" : 1,
                    "boost" : 1.0
                  }
                }
                """)
        let built = Query.bool(
            BoolQuery(
                must: [.term("user.id", "kimchy")], filter: [.term("tags", "production")],
                should: [.term("tags", "env1"), .term("tags", "deployed")],
                mustNot: [.range("age", gte: 10, lte: 20)], minimumShouldMatch: 1, boost: 1.0))
        #expect(try Query(json: documented) == built)
        #expect(
            built.json == [
                "bool": [
                    "must": [["term": ["user.id": "kimchy"]]], "filter": [["term": ["tags": "production"]]],
                    "must_not": [["range": ["age": ["gte": 10, "lte": 20]]]],
                    "should": [["term": ["tags": "env1"]], ["term": ["tags": "deployed"]]],
                    "minimum_should_match": 1, "boost": 1.0,
                ]
            ])
    }

    @Test func nestedQuery() throws {
        try check(
            """
            {
              "nested": {
                "path": "obj1",
                "query": {
                  "bool": {
                    "must": [
                      { "match": { "obj1.name": "blue" } },
                      { "range": { "obj1.count": { "gt": 5 } } }
                    ]
                  }
                },
                "score_mode": "avg"
              }
            }
            """,
            equals: .nested(
                path: "obj1", query: .bool(must: [.match("obj1.name", "blue"), .range("obj1.count", gt: 5)]),
                scoreMode: .avg))
    }

    @Test func encodesIntoTheExactCompactText() {
        let query = Query.bool(filter: [.terms("uuid", ["a", "b"]), .exists("titles.en")])
        #expect(
            query.json.compactString
                == #"{"bool":{"filter":[{"terms":{"uuid":["a","b"]}},{"exists":{"field":"titles.en"}}]}}"#)
    }

    @Test func isCodableThroughItsJSON() throws {
        let query = Query.nested(path: "w", query: .term("w.c", "KE"))
        let data = try JSONValue(encoding: query).compactData
        #expect(try Query(jsonData: data) == query)
    }
}
