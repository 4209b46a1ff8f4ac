import Catalogue
import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct ClientContextTests {
    static let clients: [(CatalogueClient, Bool)] = [
        (websiteClient, false), (androidClient, true), (iosClient, true), (tvClient, false),
        (anonymousClient, false),
    ]

    @Test(.useData(assetflats: [[:]]), arguments: clients)
    func downloadsAreForMobileApps(client: CatalogueClient, showsDownloads: Bool) async throws {
        let response = try await client.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1", "content_country": "KE"])
        let item = try #require(try response.items.first)
        #expect((item["is_downloadable"] != nil) == showsDownloads, "\(String(describing: client.platform))")
        if showsDownloads { #expect(item["is_downloadable"] == true) }
    }

    @Test(.useData(assetflats: [["license_windows": [["is_downloadable": false]]]]))
    func notDownloadableWindow() async throws {
        let response = try await iosClient.get("/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(try response.items.first?["is_downloadable"] == false)
    }

    @Test(.useData(assetflats: [[:]]), arguments: ["Android", " ios ", "TV", "website"])
    func clientNamesAreCaseInsensitive(name: String) async throws {
        let response = try await anonymousClient.header("Catalogue-Client", name).get(
            "/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(response.status == .ok)
    }

    @Test(.useData())
    func unknownClientIsRefused() async throws {
        let response = try await anonymousClient.header("Catalogue-Client", "andriod").get(
            "/catalogue/promos")
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "invalid value 'andriod' for header 'Catalogue-Client': must be 'website', 'android', 'ios' or 'tv' (did you mean 'android'?)"
        )
    }

    /// Which of two API majors (or clients) was meant cannot be guessed: a 400, not the first.
    @Test(.useData(), arguments: [("Catalogue-Api-Major", "135", "130"), ("Catalogue-Client", "ios", "tv")])
    func aRepeatedClientHeaderIsRefused(name: String, first: String, second: String) async throws {
        let request = Request(
            method: .get, path: "/catalogue/promos", headers: HTTPHeaders([(name, first), (name, second)]))
        let response = try await anonymousClient.send(request)
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage == "header '\(name)' sent 2 times ('\(first)', '\(second)'); send it once")
    }

    @Test(.useData(), arguments: ["abc", "13.5", "99", "139", "-1", ""])
    func badAPIMajorIsRefused(value: String) async throws {
        let response = try await androidClient.apiMajor(value).get("/catalogue/promos")
        if value.isEmpty {
            #expect(response.status == .ok)
        } else {
            #expect(response.status == .badRequest, "\(value)")
            #expect(
                response.errorMessage
                    == "invalid value '\(value)' for header 'Catalogue-Api-Major': must be an integer from 100 to 138"
            )
        }
    }

    @Test(.useData(promos: [["promo_type": "call_to_action"]]))
    func defaultAPIMajorIs138() async throws {
        let implicit = try await anonymousClient.get("/catalogue/promos")
        let explicit = try await anonymousClient.apiMajor(138).get("/catalogue/promos")
        #expect(implicit.body == explicit.body)
        #expect(try implicit.uuids == ["promo-1"])
    }

    @Test(
        .useData(assetflats: [["titles": ["en": "The River", "fr": "La Rivière", "sw": nil, "pt": "O Rio"]]]))
    func titlesInTheRequestedLanguageElseEnglish() async throws {
        let cases: [(String?, String, String)] = [
            (nil, "The River", "eng"), ("eng", "The River", "eng"), ("fra", "La Rivière", "fra"),
            ("fre", "La Rivière", "fra"), ("fr", "La Rivière", "fra"), ("por", "O Rio", "por"),
            ("swa", "The River", "eng"), ("zul", "The River", "eng"),
        ]
        for (lang, title, language) in cases {
            let query: QueryItems = lang.map { ["id[]": "uuid-1", "lang": $0] } ?? ["id[]": "uuid-1"]
            let item = try #require(try await websiteClient.get("/catalogue/by_id", query: query).items.first)
            #expect(item["title"] == .string(title), "\(lang ?? "default")")
            #expect(item["title_language"] == .string(language), "\(lang ?? "default")")
        }
    }

    @Test(.useData(assetflats: [["descriptions": ["en": "English text", "fr": "Texte français"]]]))
    func descriptionsFollowTheLanguageToo() async throws {
        let french = try await websiteClient.get("/catalogue/asset/uuid-1", query: ["lang": "fra"]).json
        #expect(french["description"] == "Texte français")
        let swahili = try await websiteClient.get("/catalogue/asset/uuid-1", query: ["lang": "swa"]).json
        #expect(
            swahili["description"]
                == .string(Fixtures.assetflat(position: 0)["descriptions"]?["sw"]?.stringValue ?? ""))
    }

    @Test(.useData(), arguments: ["english", "xx", "e", "qqq"])
    func unknownLanguageIsRefused(lang: String) async throws {
        let response = try await websiteClient.get("/catalogue/promos", query: ["lang": lang])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage?.contains("ISO 639-2 language code") == true)
    }
}
