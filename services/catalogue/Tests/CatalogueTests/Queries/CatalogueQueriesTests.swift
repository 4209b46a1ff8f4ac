import ESModels
import Foundation
import Testing

@testable import Catalogue

/// The search bodies, checked against literal Elasticsearch JSON.
@Suite struct CatalogueQueriesTests {
    static let now = Date(timeIntervalSince1970: 1_748_779_200)  // 2025-06-01T12:00:00Z
    let queries = CatalogueQueries(now: now, client: ClientContext())

    func expectJSON(
        _ request: SearchRequest, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        #expect(request.json == (try JSONValue(parsing: expected)), sourceLocation: sourceLocation)
    }

    static let licensedInKenya = """
        {"nested": {"path": "license_windows", "query": {"bool": {"filter": [
            {"term": {"license_windows.countries": "KE"}},
            {"range": {"license_windows.start": {"lte": "2025-06-01T12:00:00Z"}}},
            {"range": {"license_windows.end": {"gt": "2025-06-01T12:00:00Z"}}}]}}}}
        """

    @Test func byID() throws {
        let request = queries.byID(ByIDParameters(ids: ["uuid-1", "uuid-2"], country: CountryCode("KE")))
        try expectJSON(
            request,
            """
            {"query": {"bool": {"filter": [{"terms": {"uuid": ["uuid-1", "uuid-2"]}}]}}, "size": 2}
            """)
    }

    @Test func byIDForAnOldClientLeavesOutSportEvents() throws {
        let old = CatalogueQueries(now: Self.now, client: ClientContext(version: APIVersion(major: 135)))
        let request = old.byID(ByIDParameters(ids: ["a"], country: nil))
        let expected = try JSONValue(parsing: #"[{"term": {"type": "sport_event"}}]"#)
        #expect(request.json["query"]?["bool"]?["must_not"] == expected)
    }

    @Test func licensedNowIsANestedFilter() throws {
        let query = queries.licensedNow(in: CountryCode("KE"))
        #expect(query.json == (try JSONValue(parsing: Self.licensedInKenya)))
        let anywhere = queries.licensedNow(in: nil)
        #expect(anywhere.json["nested"]?["query"]?["bool"]?["filter"]?.arrayValue?.count == 2)
    }

    @Test func assetList() throws {
        let parameters = AssetListParameters(
            types: [.movie], categories: ["category-drama"], language: LanguageCode("swa"),
            country: CountryCode("KE"),
            paging: Paging(start: 40, num: 20), sort: .oldest)
        try expectJSON(
            queries.assetList(parameters),
            """
            {"query": {"bool": {"filter": [\(Self.licensedInKenya), {"terms": {"type": ["movie"]}},
                {"terms": {"categories": ["category-drama"]}}, {"term": {"languages": "sw"}}]}},
             "from": 40, "size": 20, "sort": [{"created_at": "asc"}, {"uuid": "asc"}], "track_total_hits": true}
            """)
    }

    @Test func aSeriesEpisodesInViewingOrder() throws {
        let parameters = AssetListParameters(series: "series-1", country: CountryCode("KE"), sort: .episode)
        try expectJSON(
            queries.assetList(parameters),
            """
            {"query": {"bool": {"filter": [\(Self.licensedInKenya), {"term": {"series_uuid": "series-1"}}]}},
             "from": 0, "size": 20, "sort": [
                {"season_number": {"order": "asc", "missing": "_last", "unmapped_type": "integer"}},
                {"episode_number": {"order": "asc", "missing": "_last", "unmapped_type": "integer"}},
                {"uuid": "asc"}],
             "track_total_hits": true}
            """)
    }

    @Test func titleSortUsesTheClientsLanguageAndAssumesKeyword() throws {
        let french = CatalogueQueries(
            now: Self.now, client: ClientContext(language: LanguageCode("fra") ?? .english))
        let request = french.assetList(AssetListParameters(sort: .title))
        let expected = try JSONValue(
            parsing: """
                [{"titles.fr.keyword": {"order": "asc", "missing": "_last", "unmapped_type": "keyword"}}, {"uuid": "asc"}]
                """)
        #expect(request.json["sort"] == expected)
    }

    @Test func onlySportEventsForAnOldClientMatchNothing() throws {
        let old = CatalogueQueries(now: Self.now, client: ClientContext(version: APIVersion(major: 120)))
        let request = old.assetList(AssetListParameters(types: [.sportEvent]))
        #expect(request.json["query"]?["bool"]?["filter"]?[1] == ["match_none": [:]])
    }

    @Test func searchAsYouTypeInTheClientsLanguageAndEnglish() throws {
        let french = CatalogueQueries(
            now: Self.now, client: ClientContext(language: LanguageCode("fra") ?? .english))
        try expectJSON(
            french.search(SearchParameters(text: "rivière d'o")),
            """
            {"query": {"function_score": {
                "query": {"bool": {
                    "must": [{"bool": {"should": [
                        {"multi_match": {"query": "rivière d'o", "fields": ["titles.fr", "titles.en"],
                                         "type": "bool_prefix", "operator": "and"}},
                        {"multi_match": {"query": "rivière d'o", "fields": ["titles.fr", "titles.en"],
                                         "operator": "and", "fuzziness": "AUTO:5,8"}}],
                        "minimum_should_match": 1}}],
                    "should": [
                        {"term": {"titles.fr.keyword": {"value": "rivière d'o", "boost": 10.0, "case_insensitive": true}}},
                        {"term": {"titles.en.keyword": {"value": "rivière d'o", "boost": 10.0, "case_insensitive": true}}}],
                    "filter": [{"nested": {"path": "license_windows", "query": {"bool": {"filter": [
                        {"range": {"license_windows.start": {"lte": "2025-06-01T12:00:00Z"}}},
                        {"range": {"license_windows.end": {"gt": "2025-06-01T12:00:00Z"}}}]}}}}]}},
                "functions": [{"gauss": {"created_at": {"origin": "2025-06-01T12:00:00Z", "scale": "180d"}}}],
                "boost_mode": "sum"}},
             "from": 0, "size": 20, "sort": ["_score", {"uuid": "asc"}], "track_total_hits": true,
             "highlight": {"fields": {"titles.fr": {"number_of_fragments": 0}, "titles.en": {"number_of_fragments": 0}}}}
            """)
    }

    @Test func searchInEnglishHasOneTitleFieldAndRanksFromTheFirstPagesInstant() {
        let earlier = Self.now.addingTimeInterval(-3_600)
        let request = queries.search(SearchParameters(text: "heat"), rankedAt: earlier).json
        #expect(
            request["query"]?["function_score"]?["query"]?["bool"]?["must"]?[0]?["bool"]?["should"]?[0]?[
                "multi_match"]?["fields"] == ["titles.en"])
        #expect(
            request["query"]?["function_score"]?["functions"]?[0]?["gauss"]?["created_at"]?["origin"]
                == "2025-06-01T11:00:00Z")
    }

    @Test func facetsAreTermsAggregationsOfTheSameSearch() throws {
        let request = queries.assetList(AssetListParameters(facets: [.type, .category, .language])).json
        let expected = try JSONValue(
            parsing: """
                {"type": {"terms": {"field": "type", "size": 100, "order": [{"_count": "desc"}, {"_key": "asc"}]}},
                 "category": {"terms": {"field": "categories", "size": 100, "order": [{"_count": "desc"}, {"_key": "asc"}]}},
                 "language": {"terms": {"field": "languages", "size": 100, "order": [{"_count": "desc"}, {"_key": "asc"}]}}}
                """)
        #expect(request["aggs"] == expected)
        #expect(queries.assetList(AssetListParameters()).json["aggs"] == nil)
    }

    @Test func facetCategoryTitlesAreReadWithTheCategoriesQuery() throws {
        try expectJSON(
            CatalogueQueries.categories(uuids: ["category-action", "category-kids"]),
            """
            {"query": {"bool": {"filter": [{"terms": {"uuid": ["category-action", "category-kids"]}}]}},
             "size": 1000, "sort": [{"slug": "asc"}]}
            """)
    }

    @Test func promosAtTheCurrentVersion() throws {
        try expectJSON(
            queries.promos(country: CountryCode("KE")),
            """
            {"query": {"bool": {"filter": [
                {"range": {"start": {"lte": "2025-06-01T12:00:00Z"}}}, {"range": {"end": {"gt": "2025-06-01T12:00:00Z"}}},
                {"terms": {"promo_type": ["editorial", "call_to_action", "sport_call_to_action"]}},
                {"term": {"territories": "KE"}}]}},
             "size": 100, "sort": [{"priority": "desc"}, {"uuid": "asc"}]}
            """)
    }

    @Test func promosBeforeVersion135AreEditorialOnly() {
        let old = CatalogueQueries(now: Self.now, client: ClientContext(version: APIVersion(major: 134)))
        #expect(
            old.promos(country: nil).json["query"]?["bool"]?["filter"]?[2] == [
                "terms": ["promo_type": ["editorial"]]
            ])
    }

    @Test func events() throws {
        let parameters = EventParameters(
            from: Self.now, to: Self.now.addingTimeInterval(86_400), sports: ["football"],
            competition: "Currie Cup",
            country: CountryCode("ZA"), paging: Paging(start: 0, num: 50))
        try expectJSON(
            queries.events(parameters),
            """
            {"query": {"bool": {"filter": [
                {"range": {"start": {"lt": "2025-06-02T12:00:00Z"}}}, {"range": {"end": {"gt": "2025-06-01T12:00:00Z"}}},
                {"terms": {"sport": ["football"]}}, {"term": {"competition": "Currie Cup"}}, {"term": {"territories": "ZA"}}]}},
             "from": 0, "size": 50, "sort": [{"start": "asc"}, {"uuid": "asc"}], "track_total_hits": true}
            """)
    }

    @Test func reference() throws {
        try expectJSON(
            CatalogueQueries.territories(),
            #"{"query": {"match_all": {}}, "size": 1000, "sort": [{"code": "asc"}]}"#)
        try expectJSON(
            CatalogueQueries.languages(main: true),
            #"{"query": {"bool": {"filter": [{"term": {"is_main": true}}]}}, "size": 1000, "sort": [{"code": "asc"}]}"#
        )
        try expectJSON(
            CatalogueQueries.categories(topLevelOnly: true),
            #"{"query": {"bool": {"must_not": [{"exists": {"field": "parent_uuid"}}]}}, "size": 1000, "sort": [{"slug": "asc"}]}"#
        )
        try expectJSON(
            CatalogueQueries.ratings(systems: ["KFCB"]),
            """
            {"query": {"bool": {"filter": [{"terms": {"system": ["KFCB"]}}]}}, "size": 1000,
             "sort": [{"system": "asc"}, {"minimum_age": "asc"}, {"code": "asc"}]}
            """)
        try expectJSON(
            CatalogueQueries.ratings(main: true, territory: CountryCode("KE")),
            """
            {"query": {"bool": {"filter": [{"term": {"is_main": true}}, {"term": {"territories": "KE"}}]}},
             "size": 1000, "sort": [{"system": "asc"}, {"minimum_age": "asc"}, {"code": "asc"}]}
            """)
    }
}
