import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct AssetTests {
    @Test(.useData(assetflats: [["uuid": "heat", "titles": ["en": "Heat"], "languages": ["en", "sw"]]]))
    func servesOneAssetWithItsFields() async throws {
        let response = try await websiteClient.get("/catalogue/asset/heat", query: ["content_country": "KE"])
        #expect(response.status == .ok)
        let asset = try response.json
        #expect(asset["uuid"] == "heat")
        #expect(asset["type"] == "movie")
        #expect(asset["title"] == "Heat")
        #expect(asset["title_language"] == "eng")
        #expect(asset["languages"] == ["eng", "swa"])
        #expect(asset["categories"] == ["category-drama"])
        #expect(asset["ratings"] == ["rating-kfcb-pg"])
        #expect(asset["license_type"] == "SVOD")
        #expect(asset["subscription_statuses"] == ["active"])
        #expect(asset["available_from"] == .string(ISODate.string(from: Fixtures.date(days: -30))))
        #expect(asset["available_until"] == .string(ISODate.string(from: Fixtures.date(days: 365))))
        #expect(asset["created_at"] == .string(ISODate.string(from: Fixtures.date(days: -90))))
        #expect(asset["description"]?.stringValue?.hasPrefix("Heat") == false)
        #expect(asset["is_downloadable"] == nil)
    }

    @Test(.useData(assetflats: [[:]]))
    func unknownAssetIs404() async throws {
        let response = try await websiteClient.get("/catalogue/asset/nope", query: ["content_country": "KE"])
        #expect(response.status == .notFound)
        #expect(response.errorMessage == "asset 'nope' not found or not available in 'KE'")
    }

    @Test(.useData(assetflats: [["uuid": "za-only", "license_windows": [["countries": ["ZA"]]]]]))
    func assetNotLicensedInTheCountryIs404() async throws {
        let kenya = try await websiteClient.get("/catalogue/asset/za-only", query: ["content_country": "KE"])
        #expect(kenya.status == .notFound)
        let southAfrica = try await websiteClient.get(
            "/catalogue/asset/za-only", query: ["content_country": "ZA"])
        #expect(southAfrica.status == .ok)
        let anywhere = try await websiteClient.get("/catalogue/asset/za-only")
        #expect(anywhere.status == .ok)
    }

    @Test(.useData(assetflats: [["uuid": "gone", "license_windows": [["end": .datetimePassed]]]]))
    func expiredAssetIs404() async throws {
        let response = try await websiteClient.get("/catalogue/asset/gone")
        #expect(response.status == .notFound)
        #expect(response.errorMessage == "asset 'gone' not found")
    }

    @Test(.useData(), arguments: ["bad%20id", "a;b", String(repeating: "x", count: 129)])
    func malformedUUIDIs400(uuid: String) async throws {
        let response = try await websiteClient.get("/catalogue/asset/\(uuid)")
        #expect(response.status == .badRequest)
    }

    @Test(
        .useData(assetflats: [
            [
                "uuid": "two-windows",
                "license_windows": [
                    [
                        "type": "AVOD", "end": "now+10d", "is_downloadable": false,
                        "subscription_statuses": ["free"],
                    ],
                    ["type": "SVOD", "end": "now+100d", "is_downloadable": true, "countries": ["ZA"]],
                ],
            ]
        ]))
    func theWindowShownIsTheOpenOneInTheCountry() async throws {
        let kenya = try await androidClient.get(
            "/catalogue/asset/two-windows", query: ["content_country": "KE"]
        ).json
        #expect(kenya["license_type"] == "AVOD")
        #expect(kenya["is_downloadable"] == false)
        #expect(kenya["subscription_statuses"] == ["free"])
        let southAfrica = try await androidClient.get(
            "/catalogue/asset/two-windows", query: ["content_country": "ZA"]
        )
        .json
        #expect(southAfrica["license_type"] == "SVOD")
        #expect(southAfrica["is_downloadable"] == true)
        #expect(southAfrica["available_until"] == .string(ISODate.string(from: Fixtures.date(days: 100))))
        #expect(southAfrica["subscription_statuses"] == ["active", "free"])
    }
}
