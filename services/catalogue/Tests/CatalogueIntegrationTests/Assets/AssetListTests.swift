import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct AssetListTests {
    /// 25 movies, created one day apart: uuid-1 the newest.
    static let movies: [JSONValue] = (1...25).map { index in
        ["uuid": .string("uuid-\(index)"), "created_at": .datetime(daysFromNow: -index)]
    }

    @Test(.useData(assetflats: movies))
    func firstPageByDefaultNewestFirst() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["content_country": "KE"])
        let page = try response.json
        #expect(page["count"] == 25)
        #expect(page["start"] == 0)
        #expect(page["num"] == 20)
        #expect(try response.uuids == (1...20).map { "uuid-\($0)" })
    }

    @Test(.useData(assetflats: movies))
    func pagesDoNotOverlapAndCoverEverything() async throws {
        var seen: [String] = []
        for start in stride(from: 0, to: 25, by: 10) {
            let response = try await websiteClient.get(
                "/catalogue/assets", query: ["content_country": "KE", "start": String(start), "num": "10"])
            #expect(try response.json["count"] == 25)
            seen += try response.uuids
        }
        #expect(seen == (1...25).map { "uuid-\($0)" })
    }

    @Test(.useData(assetflats: movies))
    func pastTheEndIsEmpty() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["start": "40", "num": "10"])
        #expect(try response.json["count"] == 25)
        #expect(try response.items.isEmpty)
    }

    @Test(.useData(assetflats: movies), arguments: ["oldest": "created_at", "newest": "-created_at"])
    func sortsByCreation(name: String, sort: String) async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["sort": sort, "num": "3"])
        let expected = name == "oldest" ? ["uuid-25", "uuid-24", "uuid-23"] : ["uuid-1", "uuid-2", "uuid-3"]
        #expect(try response.uuids == expected)
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "b", "titles": ["en": "Bravo", "fr": "Alpha"]],
            ["uuid": "a", "titles": ["en": "Alpha", "fr": "Charlie"]],
            ["uuid": "c", "titles": ["en": "Charlie", "fr": "Bravo"]],
            ["uuid": "z", "titles": ["en": "Zulu", "fr": nil]],
        ]))
    func sortsByTitleInTheRequestedLanguage() async throws {
        let english = try await websiteClient.get("/catalogue/assets", query: ["sort": "title"])
        #expect(try english.uuids == ["a", "b", "c", "z"])
        let descending = try await websiteClient.get("/catalogue/assets", query: ["sort": "-title"])
        #expect(try descending.uuids == ["z", "c", "b", "a"])
        let french = try await websiteClient.get(
            "/catalogue/assets", query: ["sort": "title", "lang": "fra"])
        #expect(try french.uuids == ["b", "c", "a", "z"])
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "movie"], ["uuid": "episode", "type": "episode"],
            ["uuid": "series", "type": "tv_series"],
            ["uuid": "match", "type": "sport_event"],
        ]))
    func filtersByType() async throws {
        let episodes = try await websiteClient.get("/catalogue/assets", query: ["type": "episode"])
        #expect(try episodes.uuids == ["episode"])
        let several = try await websiteClient.get(
            "/catalogue/assets", query: ["type": "movie,tv_series", "sort": "title"])
        #expect(try Set(several.uuids) == ["movie", "series"])
        let all = try await websiteClient.get("/catalogue/assets")
        #expect(try all.json["count"] == 4)
    }

    @Test(.useData())
    func unknownTypeIsRefusedWithAHint() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["type": "movei"])
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "invalid value 'movei' for query parameter 'type': must be 'movie', 'episode', 'tv_series' or 'sport_event' (did you mean 'movie'?)"
        )
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "crime", "categories": ["category-crime"]],
            ["uuid": "kids", "categories": ["category-kids", "category-comedy"]],
            ["uuid": "drama"],
        ]))
    func filtersByCategory() async throws {
        let kids = try await websiteClient.get("/catalogue/assets", query: ["category": "category-kids"])
        #expect(try kids.uuids == ["kids"])
        let either = try await websiteClient.get(
            "/catalogue/assets", query: ["category": "category-crime,category-comedy"])
        #expect(try Set(either.uuids) == ["crime", "kids"])
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "swahili", "languages": ["sw"]], ["uuid": "english", "languages": ["en"]],
        ]))
    func filtersByAvailableLanguage() async throws {
        let swahili = try await websiteClient.get("/catalogue/assets", query: ["language": "swa"])
        #expect(try swahili.uuids == ["swahili"])
        let twoLetters = try await websiteClient.get("/catalogue/assets", query: ["language": "en"])
        #expect(try twoLetters.uuids == ["english"])
        let unknown = try await websiteClient.get("/catalogue/assets", query: ["language": "xyz"])
        #expect(unknown.status == .badRequest)
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "ke", "license_windows": [["countries": ["KE"]]]], ["uuid": "everywhere"],
        ]))
    func filtersByCountry() async throws {
        let southAfrica = try await websiteClient.get("/catalogue/assets", query: ["content_country": "ZA"])
        #expect(try southAfrica.uuids == ["everywhere"])
        #expect(try southAfrica.json["count"] == 1)
    }

    @Test(
        .useData(),
        arguments: [
            ["num": "101"], ["num": "0"], ["num": "ten"], ["start": "-1"], ["start": "9995", "num": "10"],
            ["sort": "popularity"], ["category": "bad category"],
        ] as [QueryItems])
    func badPagingAndFiltersAreRefused(query: QueryItems) async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: query)
        #expect(response.status == .badRequest, "\(query)")
        #expect(response.errorMessage?.hasPrefix("invalid value") == true)
    }

    @Test(.useData(assetflats: [["uuid": "movie"], ["uuid": "match", "type": "sport_event"]]))
    func sportEventAssetsStartAtAPIMajor136() async throws {
        let at135 = try await androidClient.apiMajor(135).get("/catalogue/assets")
        #expect(try at135.uuids == ["movie"])
        #expect(try at135.json["count"] == 1)
        let at136 = try await androidClient.apiMajor(136).get("/catalogue/assets", query: ["sort": "title"])
        #expect(try Set(at136.uuids) == ["movie", "match"])
        let askedFor = try await androidClient.apiMajor(135).get(
            "/catalogue/assets", query: ["type": "sport_event"])
        #expect(try askedFor.json["count"] == 0)
        let byID = try await androidClient.apiMajor(135).get(
            "/catalogue/by_id", query: ["id[]": "movie,match"])
        #expect(try byID.uuids == ["movie"])
    }

    @Test(
        .useData(
            assetflats: (1...300).map {
                JSONValue.object(["uuid": .string(String(format: "asset-%03d", $0))])
            }))
    func hundredsOfAssets() async throws {
        let response = try await tvClient.get(
            "/catalogue/assets",
            query: ["content_country": "TZ", "sort": "created_at", "num": "100", "start": "200"])
        #expect(try response.json["count"] == 300)
        #expect(try response.items.count == 100)
    }
}
