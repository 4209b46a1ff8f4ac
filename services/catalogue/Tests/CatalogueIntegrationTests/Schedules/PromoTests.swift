import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct PromoTests {
    // The story's second example, word for word: a call-to-action promo and an editorial one;
    // both at the default API version, the editorial one only at API major 130.
    @Test(
        .useData(promos: [
            ["uuid": "promo-1", "promo_type": "call_to_action"],
            ["uuid": "promo-2", "promo_type": "editorial"],
        ]))
    func callToActionPromosNeedAPIMajor135() async throws {
        let atDefault = try await androidClient.get("/catalogue/promos")
        #expect(try atDefault.uuids == ["promo-1", "promo-2"])
        let at130 = try await androidClient.apiMajor(130).get("/catalogue/promos")
        #expect(try at130.uuids == ["promo-2"])
    }

    @Test(
        .useData(promos: [
            ["uuid": "cta", "promo_type": "call_to_action"],
            ["uuid": "sport", "promo_type": "sport_call_to_action"],
            ["uuid": "editorial", "promo_type": "editorial"],
        ]),
        arguments: [
            (100, ["editorial"]), (134, ["editorial"]), (135, ["cta", "editorial", "sport"]),
            (138, ["cta", "editorial", "sport"]),
        ])
    func versionBoundaryCoversBothCallToActionKinds(major: Int, expected: [String]) async throws {
        let response = try await iosClient.apiMajor(major).get("/catalogue/promos")
        #expect(try response.uuids == expected)
    }

    @Test(
        .useData(promos: [
            ["uuid": "low", "priority": 1], ["uuid": "high", "priority": 90],
            ["uuid": "middle", "priority": 50],
            ["uuid": "also-middle", "priority": 50],
        ]))
    func highestPriorityFirst() async throws {
        let response = try await websiteClient.get("/catalogue/promos")
        #expect(try response.uuids == ["high", "also-middle", "middle", "low"])
    }

    @Test(
        .useData(promos: [
            ["uuid": "over", "end": .datetimePassed], ["uuid": "soon", "start": .datetimeFuture],
            ["uuid": "now"],
        ]))
    func onlyActivePromos() async throws {
        let response = try await websiteClient.get("/catalogue/promos")
        #expect(try response.uuids == ["now"])
    }

    @Test(.useData(promos: [["uuid": "kenya", "territories": ["KE"]], ["uuid": "everywhere"]]))
    func filteredByCountry() async throws {
        let southAfrica = try await websiteClient.get("/catalogue/promos", query: ["content_country": "ZA"])
        #expect(try southAfrica.uuids == ["everywhere"])
        let kenya = try await websiteClient.get("/catalogue/promos", query: ["content_country": "KE"])
        #expect(try Set(kenya.uuids) == ["kenya", "everywhere"])
        let unknown = try await websiteClient.get("/catalogue/promos", query: ["content_country": "JP"])
        #expect(unknown.status == .badRequest)
    }

    @Test(.useData(promos: [["uuid": "promo-1", "title": "Watch the final", "priority": 7]]))
    func promoFields() async throws {
        let response = try await websiteClient.get("/catalogue/promos")
        let promo = try #require(try response.items.first)
        #expect(promo["title"] == "Watch the final")
        #expect(promo["promo_type"] == "editorial")
        #expect(promo["priority"] == 7)
        #expect(promo["start"] == .string(ISODate.string(from: Fixtures.date(days: -1))))
        #expect(promo["end"] == .string(ISODate.string(from: Fixtures.date(days: 30))))
    }

    @Test(.useData())
    func noPromosIsAnEmptyArray() async throws {
        let response = try await websiteClient.get("/catalogue/promos")
        #expect(response.status == .ok)
        #expect(try response.json == [])
    }
}
