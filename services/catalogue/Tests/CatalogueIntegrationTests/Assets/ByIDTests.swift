import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct ByIDTests {
    // The story's first example, word for word: four assets, the fourth licensed only in ZA.
    @Test(
        .useData(assetflats: [
            ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
            ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
        ]))
    func byIDLeavesOutAssetsNotLicensedInTheCountry() async throws {
        let response = try await androidClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1,uuid-2,uuid-3,uuid-4", "content_country": "KE"])
        #expect(response.status == .ok)
        #expect(try response.json["count"] == 3)
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
            ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
        ]))
    func theSameRequestInZAFindsTheFourth() async throws {
        let response = try await androidClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1,uuid-2,uuid-3,uuid-4", "content_country": "ZA"])
        #expect(try response.uuids == ["uuid-1", "uuid-2", "uuid-3", "uuid-4"])
    }

    @Test(.useData(assetflats: [[:], [:], [:]]))
    func keepsTheRequestOrder() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-3,uuid-1,uuid-2", "content_country": "KE"])
        #expect(try response.uuids == ["uuid-3", "uuid-1", "uuid-2"])
        #expect(try response.json["count"] == 3)
    }

    @Test(.useData(assetflats: [[:], [:]]))
    func repeatedParametersAndIDsAreOneList() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id",
            query: QueryItems([("id", "uuid-2"), ("id[]", "uuid-1, uuid-2"), ("content_country", "KE")]))
        #expect(try response.uuids == ["uuid-2", "uuid-1"])
    }

    @Test(.useData(assetflats: [[:]]))
    func unknownIDsAreLeftOut() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "nope,uuid-1,gone", "content_country": "KE"])
        #expect(try response.json["count"] == 1)
        #expect(try response.uuids == ["uuid-1"])
    }

    @Test(
        .useData(assetflats: [
            ["uuid": "ended", "license_windows": [["end": .datetimePassed]]],
            ["uuid": "upcoming", "license_windows": [["start": .datetimeFuture]]],
            ["uuid": "current"],
            ["uuid": "ends-now", "license_windows": [["start": "now-10d", "end": "now"]]],
            ["uuid": "starts-now", "license_windows": [["start": "now"]]],
        ]))
    func onlyWindowsOpenNowCount() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id",
            query: ["id[]": "ended,upcoming,current,ends-now,starts-now", "content_country": "KE"])
        #expect(try response.uuids == ["current", "starts-now"])
    }

    @Test(
        .useData(assetflats: [
            [
                "uuid": "moved",
                "license_windows": [
                    ["countries": ["KE"], "end": .datetimePassed], ["countries": ["ZA"]],
                ],
            ]
        ]))
    func aWindowMustBeOpenAndCoverTheCountryAtOnce() async throws {
        let kenya = try await websiteClient.get(
            "/catalogue/by_id", query: ["id": "moved", "content_country": "KE"])
        #expect(try kenya.json["count"] == 0)
        let southAfrica = try await websiteClient.get(
            "/catalogue/by_id", query: ["id": "moved", "content_country": "ZA"])
        #expect(try southAfrica.json["count"] == 1)
    }

    @Test(
        .useData(
            territories: Fixtures.allTerritories, assetflats: [["license_windows": [["countries": ["GB"]]]]]))
    func withoutACountryAnyOpenWindowCounts() async throws {
        let anywhere = try await websiteClient.get("/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(try anywhere.json["count"] == 1)
        let kenya = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1", "content_country": "KE"])
        #expect(try kenya.json["count"] == 0)
    }

    @Test(.useData(assetflats: [[:]]))
    func countryCodesAreCaseInsensitive() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1", "content_country": "ke"])
        #expect(try response.json["count"] == 1)
    }

    @Test(.useData(assetflats: (1...100).map { JSONValue.object(["uuid": .string("asset-\($0)")]) }))
    func aHundredIDsAreServed() async throws {
        let ids = (1...100).map { "asset-\($0)" }.reversed()
        let response = try await tvClient.get(
            "/catalogue/by_id", query: ["id[]": ids.joined(separator: ","), "content_country": "NG"])
        #expect(try response.json["count"] == 100)
        #expect(try response.uuids == Array(ids))
    }

    @Test(.useData())
    func aHundredAndOneIDsAreRefused() async throws {
        let ids = (1...101).map { "asset-\($0)" }.joined(separator: ",")
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": ids, "content_country": "KE"])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage == "too many ids: 101 given, at most 100 per request; split the list")
    }

    @Test(.useData(), arguments: ["uuid-1,,uuid-2", ",uuid-1", "uuid-1,", "uuid 1;drop", "a/b"])
    func malformedListsAreRefused(list: String) async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": list, "content_country": "KE"])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage?.hasPrefix("malformed 'id' list") == true, "\(response)")
    }

    @Test(.useData())
    func missingIDsAreRefused() async throws {
        let response = try await websiteClient.get("/catalogue/by_id", query: ["content_country": "KE"])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage == "missing query parameter 'id'")
    }

    @Test(.useData(assetflats: [[:]]))
    func unknownCountryIsRefused() async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1", "content_country": "GB"])
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "unknown country 'GB' in 'content_country'; use a territory code listed by /catalogue/territories"
        )
    }

    @Test(.useData(), arguments: ["KEN", "K", "12", "Kenya"])
    func malformedCountryIsRefused(country: String) async throws {
        let response = try await websiteClient.get(
            "/catalogue/by_id", query: ["id[]": "uuid-1", "content_country": country])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage?.contains("two-letter ISO 3166-1 country code") == true)
    }
}
