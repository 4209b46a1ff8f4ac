import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct FacetTests {
    static let assets: [JSONValue] = [
        ["uuid": "a1", "categories": ["category-action"], "languages": ["en", "sw"]],
        ["uuid": "a2", "categories": ["category-action", "category-crime"], "languages": ["en"]],
        ["uuid": "a3", "categories": ["category-crime"], "languages": ["fr"], "type": "episode"],
        ["uuid": "a4", "categories": ["category-unlisted"], "type": "tv_series"],
        ["uuid": "match", "categories": ["category-football"], "type": "sport_event"],
        ["uuid": "za-only", "categories": ["category-kids"], "license_windows": [["countries": ["ZA"]]]],
    ]

    static func values(_ response: Response, _ facet: String) throws -> [String: Int] {
        let list = try response.json["facets"]?[facet]?.arrayValue ?? []
        return Dictionary(
            uniqueKeysWithValues: list.compactMap { item in
                item["value"]?.stringValue.flatMap { value in item["count"]?.intValue.map { (value, $0) } }
            })
    }

    @Test(.useData(assetflats: assets))
    func countsEveryValueOfTheListingNotOnlyThePage() async throws {
        let response = try await websiteClient.get(
            "/catalogue/assets",
            query: ["content_country": "KE", "facets": "category,language,type", "num": "1"])
        #expect(response.status == .ok)
        #expect(try response.json["count"] == 5)
        #expect(try response.items.count == 1)
        #expect(
            try Self.values(response, "type") == ["movie": 2, "episode": 1, "tv_series": 1, "sport_event": 1])
        #expect(try Self.values(response, "language") == ["eng": 4, "fra": 3, "swa": 1])
        let categories = try response.json["facets"]?["category"]
        #expect(
            categories == [
                ["value": "category-action", "title": "Action", "count": 2],
                ["value": "category-crime", "title": "Crime", "count": 2],
                ["value": "category-football", "title": "Football", "count": 1],
                ["value": "category-unlisted", "title": nil, "count": 1],
            ])
    }

    @Test(.useData(assetflats: assets))
    func facetsFollowTheFilters() async throws {
        let movies = try await websiteClient.get(
            "/catalogue/assets", query: ["type": "movie", "facets": "type,category"])
        #expect(try Self.values(movies, "type") == ["movie": 3])
        #expect(
            try Self.values(movies, "category") == [
                "category-action": 2, "category-crime": 1, "category-kids": 1,
            ])
        #expect(try movies.json["facets"]?["language"] == nil)
        let crime = try await websiteClient.get(
            "/catalogue/assets",
            query: ["category": "category-crime", "content_country": "KE", "facets": "type"])
        #expect(try Self.values(crime, "type") == ["movie": 1, "episode": 1])
    }

    @Test(.useData(assetflats: assets))
    func aTypeTheClientsVersionCannotSeeIsNotCounted() async throws {
        let at135 = try await androidClient.apiMajor(135).get(
            "/catalogue/assets", query: ["content_country": "KE", "facets": "type,category"])
        #expect(try Self.values(at135, "type") == ["movie": 2, "episode": 1, "tv_series": 1])
        #expect(try Self.values(at135, "category")["category-football"] == nil)
        #expect(try at135.json["count"] == 4)
    }

    @Test(.useData(assetflats: assets))
    func categoryTitlesAreInTheClientsLanguageElseEnglish() async throws {
        let swahili = try await websiteClient.get(
            "/catalogue/assets", query: ["content_country": "KE", "facets": "category", "lang": "swa"])
        let titles = try swahili.json["facets"]?["category"]?.arrayValue?.map { $0["title"] ?? "absent" }
        // Crime has no Swahili title: English.
        #expect(titles == ["Mapigano", "Crime", "Kandanda", .null])
        let french = try await websiteClient.get(
            "/catalogue/assets", query: ["content_country": "KE", "facets": "category", "lang": "fra"])
        #expect(try french.json["facets"]?["category"]?[1]?["title"] == "Policier")
    }

    @Test(.useData(assetflats: assets))
    func noFacetsUnlessAsked() async throws {
        let response = try await websiteClient.get("/catalogue/assets")
        #expect(try response.json["facets"] == nil)
        let repeated = try await websiteClient.get("/catalogue/assets", query: ["facets": "type,type"])
        #expect(try repeated.json["facets"]?.objectValue?.keys.sorted() == ["type"])
    }

    @Test(.useData())
    func anUnknownFacetIsRefusedWithWhatIsAllowed() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["facets": "type,categroy"])
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "invalid value 'categroy' for query parameter 'facets': must be 'category', 'language' or 'type' (did you mean 'category'?)"
        )
    }
}
