import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct SearchTests {
    static let assets: [JSONValue] = [
        ["uuid": "river", "titles": ["en": "The Silent River", "fr": "La Rivière silencieuse", "sw": nil]],
        ["uuid": "harbour", "titles": ["en": "The Golden Harbour", "fr": "Le Port doré", "sw": nil]],
        ["uuid": "river-2", "titles": ["en": "River of Gold", "fr": nil, "sw": nil]],
        ["uuid": "gone", "titles": ["en": "Silent Night"], "license_windows": [["end": .datetimePassed]]],
    ]

    @Test(.useData(assetflats: assets))
    func findsTitlesWithEveryWord() async throws {
        let river = try await websiteClient.get("/catalogue/search", query: ["q": "river"])
        #expect(try Set(river.uuids) == ["river", "river-2"])
        #expect(try river.json["count"] == 2)
        let both = try await websiteClient.get("/catalogue/search", query: ["q": "silent RIVER"])
        #expect(try both.uuids == ["river"])
        let none = try await websiteClient.get("/catalogue/search", query: ["q": "submarine"])
        #expect(try none.json["count"] == 0)
    }

    @Test(.useData(assetflats: assets))
    func searchesTheRequestedLanguageAndEnglish() async throws {
        let french = try await websiteClient.get("/catalogue/search", query: ["q": "port", "lang": "fra"])
        #expect(try french.uuids == ["harbour"])
        #expect(try french.items.first?["title"] == "Le Port doré")
        #expect(try french.items.first?["title_language"] == "fra")
        let fallback = try await websiteClient.get(
            "/catalogue/search", query: ["q": "of gold", "lang": "fra"])
        #expect(try fallback.uuids == ["river-2"])
        #expect(try fallback.items.first?["title"] == "River of Gold")
        #expect(try fallback.items.first?["title_language"] == "eng")
        // The English title is searched too, the French one shown.
        let englishWordInFrench = try await websiteClient.get(
            "/catalogue/search", query: ["q": "harbour", "lang": "fra"])
        #expect(try englishWordInFrench.uuids == ["harbour"])
        #expect(try englishWordInFrench.items.first?["title"] == "Le Port doré")
    }

    @Test(.useData(assetflats: assets))
    func onlyAvailableAssets() async throws {
        let response = try await websiteClient.get(
            "/catalogue/search", query: ["q": "silent", "content_country": "UG"])
        #expect(try response.uuids == ["river"])
    }

    @Test(
        .useData(
            assetflats: (1...30).map {
                JSONValue.object(["uuid": .string("m-\($0)"), "titles": ["en": .string("Storm \($0)")]])
            }))
    func pagesThroughResults() async throws {
        let first = try await websiteClient.get("/catalogue/search", query: ["q": "storm", "num": "20"])
        let second = try await websiteClient.get(
            "/catalogue/search", query: ["q": "storm", "num": "20", "start": "20"])
        #expect(try first.json["count"] == 30)
        #expect(try Set(first.uuids + second.uuids).count == 30)
    }

    @Test(.useData())
    func emptyOrLongQueriesAreRefused() async throws {
        let missing = try await websiteClient.get("/catalogue/search")
        #expect(missing.status == .badRequest)
        #expect(missing.errorMessage == "missing query parameter 'q'")
        let blank = try await websiteClient.get("/catalogue/search", query: ["q": "   "])
        #expect(blank.status == .badRequest)
        let long = try await websiteClient.get(
            "/catalogue/search", query: ["q": String(repeating: "a", count: 201)])
        #expect(long.status == .badRequest)
        #expect(long.errorMessage?.contains("at most 200 characters") == true)
        let one = try await websiteClient.get("/catalogue/search", query: ["q": " h "])
        #expect(one.status == .badRequest)
        #expect(
            one.errorMessage
                == "invalid value 'h' for query parameter 'q': must be at least 2 characters; send more of the title"
        )
    }

    @Test(
        .useData(assetflats: assets),
        arguments: ["\"\"", "**", "river)", "((", "\\\\", "🙂🙂", "a AND b", "a*"])
    func oddTextIsJustText(text: String) async throws {
        let response = try await websiteClient.get("/catalogue/search", query: ["q": text])
        #expect(response.status == .ok)
    }
}
