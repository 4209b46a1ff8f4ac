import HTTPKit
import Testing

@testable import Catalogue

@Suite struct ClientContextMiddlewareTests {
    func context(_ headers: HTTPHeaders, query: QueryItems = [:]) throws -> ClientContext {
        try ClientContextMiddleware.clientContext(
            of: Request(method: .get, path: "/catalogue/promos", query: query, headers: headers))
    }

    @Test func defaults() throws {
        #expect(
            try context([:])
                == ClientContext(platform: .website, version: APIVersion(major: 138), language: .english))
    }

    @Test func readsHeadersAndLanguage() throws {
        let found = try context(
            ["catalogue-client": "IOS", "CATALOGUE-API-MAJOR": " 135 "], query: ["lang": "SWA"])
        #expect(found.platform == .ios)
        #expect(found.version.major == 135)
        #expect(found.language.alpha2 == "sw")
    }

    @Test func versionFeatures() {
        #expect(!APIVersion(major: 134).servesCallToActionPromos)
        #expect(APIVersion(major: 135).servesCallToActionPromos)
        #expect(!APIVersion(major: 135).servesSportEventAssets)
        #expect(APIVersion(major: 136).servesSportEventAssets)
        #expect(APIVersion.current.major == 138)
    }

    @Test(arguments: ["99", "139", "1e2", "one", "135.0"])
    func refusesBadMajors(value: String) {
        #expect(throws: CatalogueError.self) { try context(["Catalogue-Api-Major": value]) }
    }

    @Test func refusesUnknownClientsWithAHint() {
        #expect(
            throws: CatalogueError.invalidHeader(
                name: "Catalogue-Client", value: "webiste",
                expected: "must be 'website', 'android', 'ios' or 'tv' (did you mean 'website'?)")
        ) { try context(["Catalogue-Client": "webiste"]) }
    }

    @Test func onlyMobileDownloads() {
        #expect(ClientPlatform.allCases.filter(\.supportsDownloads) == [.android, .ios])
    }
}
