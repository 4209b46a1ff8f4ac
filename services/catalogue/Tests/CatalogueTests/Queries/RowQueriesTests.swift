import ESModels
import Foundation
import Testing

@testable import Catalogue

/// The promoted rows' search bodies, checked against literal Elasticsearch JSON.
@Suite struct RowQueriesTests {
    static let now = Date(timeIntervalSince1970: 1_748_779_200)  // 2025-06-01T12:00:00Z
    let queries = CatalogueQueries(now: now, client: ClientContext(platform: .android))

    func expectJSON(
        _ request: SearchRequest, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(request.json == (try JSONValue(parsing: expected)), sourceLocation: sourceLocation)
    }

    @Test func rowsShowingNowForTheClient() throws {
        try expectJSON(
            queries.rows(country: CountryCode("KE")),
            """
            {"query": {"bool": {"filter": [
                {"range": {"start": {"lte": "2025-06-01T12:00:00Z"}}},
                {"bool": {"should": [{"range": {"end": {"gt": "2025-06-01T12:00:00Z"}}},
                                     {"bool": {"must_not": [{"exists": {"field": "end"}}]}}],
                          "minimum_should_match": 1}},
                {"term": {"platforms": "android"}},
                {"bool": {"should": [{"range": {"min_api_major": {"lte": 138}}},
                                     {"bool": {"must_not": [{"exists": {"field": "min_api_major"}}]}}],
                          "minimum_should_match": 1}},
                {"bool": {"should": [{"range": {"max_api_major": {"gte": 138}}},
                                     {"bool": {"must_not": [{"exists": {"field": "max_api_major"}}]}}],
                          "minimum_should_match": 1}},
                {"terms": {"kind": ["curated", "query", "live_events"]}},
                {"term": {"territories": "KE"}}]}},
             "size": 100, "sort": [{"position": "asc"}, {"uuid": "asc"}]}
            """)
    }

    @Test func oneRowBySlugAnywhere() throws {
        let request = queries.rows(country: nil, slug: "new-this-week")
        #expect(request.size == 1)
        let filter = try #require(request.json["query"]?["bool"]?["filter"]?.arrayValue)
        #expect(filter.last == ["term": ["slug": "new-this-week"]])
        #expect(!filter.contains { $0["term"]?["territories"] != nil })
    }

    @Test(arguments: [(100, false), (136, false), (137, true), (138, true)])
    func liveEventRowsFromAPIMajor137(major: Int, served: Bool) {
        let client = CatalogueQueries(now: Self.now, client: ClientContext(version: APIVersion(major: major)))
        let kinds: JSONValue = served ? ["curated", "query", "live_events"] : ["curated", "query"]
        #expect(client.rows(country: nil).json["query"]?["bool"]?["filter"]?[5] == ["terms": ["kind": kinds]])
    }

    @Test func curatedAssetsAreALookupByID() throws {
        try expectJSON(
            queries.rowAssets(ids: ["uuid-2", "uuid-1"]),
            #"{"query": {"bool": {"filter": [{"terms": {"uuid": ["uuid-2", "uuid-1"]}}]}}, "size": 2}"#)
    }

    @Test func aQueryRowIsAnAssetListingWithoutATotal() throws {
        let saved = RowQuery(type: .movie, category: "category-drama", language: "fr", sort: .newest)
        try expectJSON(
            queries.rowQueryAssets(
                saved, country: CountryCode("KE"), paging: Paging(num: 20), countTotal: false),
            """
            {"query": {"bool": {"filter": [\(CatalogueQueriesTests.licensedInKenya), {"terms": {"type": ["movie"]}},
                {"terms": {"categories": ["category-drama"]}}, {"term": {"languages": "fr"}}]}},
             "from": 0, "size": 20, "sort": [{"created_at": "desc"}, {"uuid": "asc"}], "track_total_hits": false}
            """)
    }

    @Test func aQueryRowByTitleSortsInTheClientsLanguageAndCountsWhenPaged() {
        let french = CatalogueQueries(
            now: Self.now, client: ClientContext(language: LanguageCode("fra") ?? .english))
        let request = french.rowQueryAssets(
            RowQuery(sort: .title), country: nil, paging: Paging(start: 20, num: 10), countTotal: true)
        #expect(request.json["sort"]?[0]?["titles.fr.keyword"]?["order"] == "asc")
        #expect(request.json["track_total_hits"] == true)
        #expect(request.from == 20)
        #expect(request.size == 10)
    }

    @Test func aQueryRowsUnknownLanguageFindsNothing() {
        let request = queries.rowQueryAssets(
            RowQuery(language: "klingon"), country: nil, paging: Paging(num: 20), countTotal: false)
        #expect(request.json["query"] == ["match_none": [:]])
    }

    @Test func aQueryRowOfSportEventsForAnOldClientFindsNothing() {
        let old = CatalogueQueries(now: Self.now, client: ClientContext(version: APIVersion(major: 135)))
        let request = old.rowQueryAssets(
            RowQuery(type: .sportEvent), country: nil, paging: Paging(num: 20), countTotal: false)
        #expect(request.json["query"]?["bool"]?["filter"]?[1] == ["match_none": [:]])
    }

    @Test func liveEventsRunningNow() throws {
        try expectJSON(
            queries.liveEvents(
                sport: "Rugby", country: CountryCode("ZA"), paging: Paging(num: 20), countTotal: false),
            """
            {"query": {"bool": {"filter": [
                {"range": {"start": {"lte": "2025-06-01T12:00:00Z"}}}, {"range": {"end": {"gt": "2025-06-01T12:00:00Z"}}},
                {"term": {"sport": "rugby"}}, {"term": {"territories": "ZA"}}]}},
             "from": 0, "size": 20, "sort": [{"start": "asc"}, {"uuid": "asc"}], "track_total_hits": false}
            """)
    }
}
