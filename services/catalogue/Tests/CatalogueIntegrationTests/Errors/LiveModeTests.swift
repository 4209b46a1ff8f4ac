import CatalogueTestSupport
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import IntegrationFixtures
import Testing

/// The same requests over real HTTP on loopback: the wire adds nothing and loses nothing.
@Suite struct LiveModeTests {
    @Test(
        .useData(assetflats: [
            ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
            ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
        ]),
        arguments: TestingMode.allCases)
    func byIDOverBothTransports(mode: TestingMode) async throws {
        try await CatalogueFixture.application().test(mode) { client in
            let response = try await client.get(
                "/catalogue/by_id", query: ["id[]": "uuid-1,uuid-2,uuid-3,uuid-4", "content_country": "KE"],
                headers: ["Catalogue-Client": "android"])
            #expect(response.status == .ok)
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(try response.json["count"] == 3)
            let bad = try await client.get("/catalogue/by_id", query: ["id[]": "a,,b"])
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage?.hasPrefix("malformed 'id' list") == true)
        }
    }
}
