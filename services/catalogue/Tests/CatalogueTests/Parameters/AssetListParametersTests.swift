import ESModels
import HTTPKit
import Testing

@testable import Catalogue

@Suite struct AssetListParametersTests {
    @Test func defaults() throws {
        let parameters = try AssetListParameters(query: [:])
        #expect(parameters == AssetListParameters())
        #expect(parameters.sort == .newest)
        #expect(parameters.paging == Paging(start: 0, num: 20))
    }

    @Test func readsEveryFilter() throws {
        let parameters = try AssetListParameters(
            query: QueryItems(
                parsing: "type=movie,TV_SERIES&category[]=category-drama&category=category-kids&language=fre"
                    + "&content_country=za&start=10&num=5&sort=-title"))
        #expect(parameters.types == [.movie, .tvSeries])
        #expect(parameters.categories == ["category-drama", "category-kids"])
        #expect(parameters.language == LanguageCode("fra"))
        #expect(parameters.country?.code == "ZA")
        #expect(parameters.paging == Paging(start: 10, num: 5))
        #expect(parameters.sort == .titleDescending)
    }

    @Test func facetsEachOnceInRequestOrder() throws {
        let parameters = try AssetListParameters(
            query: QueryItems(parsing: "facets=type,CATEGORY&facets[]=type,language"))
        #expect(parameters.facets == [.type, .category, .language])
        #expect(try AssetListParameters(query: [:]).facets.isEmpty)
        #expect(throws: CatalogueError.self) { try AssetListParameters(query: ["facets": "genre"]) }
    }

    @Test func unknownSortSuggestsTheClosest() {
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "sort", value: "-create_at",
                expected:
                    "must be '-created_at', 'created_at', '-updated_at', 'updated_at', 'title', '-title' or 'episode' "
                    + "(did you mean '-created_at'?)")
        ) { try AssetListParameters(query: ["sort": "-create_at"]) }
    }

    @Test func aSeriesListsItsEpisodesInViewingOrderUnlessASortIsGiven() throws {
        let episodes = try AssetListParameters(query: ["series": "series-1"])
        #expect(episodes.series == "series-1")
        #expect(episodes.sort == .episode)
        let newest = try AssetListParameters(query: ["series": "series-1", "sort": "-created_at"])
        #expect(newest.sort == .newest)
        #expect(try AssetListParameters(query: ["series": " "]).series == nil)
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "series", value: "series-1,series-2", expected: "must be a single series uuid")
        ) { try AssetListParameters(query: ["series": "series-1,series-2"]) }
        #expect(throws: CatalogueError.self) { try AssetListParameters(query: ["series": "a b"]) }
    }

    @Test func searchNeedsText() throws {
        #expect(throws: CatalogueError.missingParameter("q")) { try SearchParameters(query: ["q": " "]) }
        #expect(try SearchParameters(query: ["q": " heat "]).text == "heat")
        #expect(throws: CatalogueError.self) {
            try SearchParameters(query: ["q": String(repeating: "é", count: 201)])
        }
        #expect(try SearchParameters(query: ["q": String(repeating: "é", count: 200)]).text.count == 200)
    }
}
