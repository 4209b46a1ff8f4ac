import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

/// `/catalogue/rows/{slug}`: one row, its items paged; 404 when it is not showing here.
@Suite struct RowPageTests {
    static let fiveAssets: [JSONValue] = [[:], [:], [:], [:], [:]]
    static let curated: JSONValue = [
        "slug": "picks", "titles": ["en": "Our picks", "sw": "Chaguo letu"],
        "asset_uuids": ["uuid-5", "uuid-4", "uuid-3", "uuid-2", "uuid-1"],
    ]

    @Test(.useData(assetflats: fiveAssets, rows: [curated]))
    func pagesARowsItems() async throws {
        let first = try await websiteClient.get(
            "/catalogue/rows/picks", query: ["content_country": "KE", "num": "2"])
        #expect(first.status == .ok)
        #expect(try first.json["count"] == 5)
        #expect(try first.uuids == ["uuid-5", "uuid-4"])
        let second = try await websiteClient.get(
            "/catalogue/rows/picks", query: ["content_country": "KE", "start": "2", "num": "2"])
        #expect(try second.uuids == ["uuid-3", "uuid-2"])
        #expect(try second.json["start"] == 2)
        #expect(try second.json["num"] == 2)
        let past = try await websiteClient.get(
            "/catalogue/rows/picks", query: ["content_country": "KE", "start": "10", "num": "2"])
        #expect(past.status == .ok)
        #expect(try past.uuids == [])
        #expect(try past.json["count"] == 5)
    }

    @Test(.useData(assetflats: fiveAssets, rows: [curated]))
    func aRowsFields() async throws {
        let response = try await websiteClient.get("/catalogue/rows/picks", query: ["lang": "swa"])
        let row = try response.json
        #expect(row["slug"] == "picks")
        #expect(row["kind"] == "curated")
        #expect(row["position"] == 1)
        #expect(row["title"] == "Chaguo letu")
        #expect(row["title_language"] == "swa")
        #expect(row["start"] == 0)
        #expect(row["num"] == 20)
        #expect(try response.uuids == ["uuid-5", "uuid-4", "uuid-3", "uuid-2", "uuid-1"])
    }

    @Test(
        .useData(
            sportsEvents: (0..<30).map { minutes -> JSONValue in
                [
                    "uuid": .string("live-\(minutes + 10)"), "start": .string("now-\(minutes + 10)m"),
                    "end": "now+2h",
                ]
            },
            rows: [["slug": "live", "kind": "live_events", "asset_uuids": []]]))
    func pagesALiveEventsRowByStart() async throws {
        let response = try await websiteClient.get("/catalogue/rows/live", query: ["start": "5", "num": "3"])
        #expect(try response.json["count"] == 30)
        #expect(try response.uuids == ["live-34", "live-33", "live-32"])
    }

    @Test(
        .useData(
            assetflats: fiveAssets,
            rows: [
                curated, ["uuid": "later", "slug": "later", "start": "now+1d"],
                ["uuid": "tv", "slug": "tv", "platforms": ["tv"]],
                ["uuid": "empty", "slug": "empty", "asset_uuids": ["nope"]],
                ["uuid": "za", "slug": "za", "territories": ["ZA"]],
            ]),
        arguments: ["nope", "later", "tv", "empty", "za"])
    func aRowNotShowingHereIs404(slug: String) async throws {
        let response = try await androidClient.get(
            "/catalogue/rows/\(slug)", query: ["content_country": "KE"])
        #expect(response.status == .notFound)
        #expect(
            response.errorMessage
                == "row '\(slug)' not found or not showing now in 'KE' on 'android' at API major 138")
    }

    @Test(
        .useData(
            sportsEvents: [["uuid": "live", "start": "now-1h", "end": "now+1h"]],
            rows: [["slug": "live", "kind": "live_events", "asset_uuids": []]]))
    func aLiveEventsRowIs404BeforeAPIMajor137() async throws {
        let old = try await androidClient.apiMajor(136).get("/catalogue/rows/live")
        #expect(old.status == .notFound)
        #expect(old.errorMessage == "row 'live' not found or not showing now on 'android' at API major 136")
        let current = try await androidClient.apiMajor(137).get("/catalogue/rows/live")
        #expect(try current.uuids == ["live"])
    }

    @Test(.useData(), arguments: ["a;b", "bad%20slug", String(repeating: "x", count: 129)])
    func aMalformedSlugIs400(slug: String) async throws {
        let response = try await websiteClient.get("/catalogue/rows/\(slug)")
        #expect(response.status == .badRequest)
        #expect(response.errorMessage?.contains("for query parameter 'slug'") == true, "\(response)")
    }

    @Test(.useData(assetflats: fiveAssets, rows: [curated]), arguments: ["0", "101", "x"])
    func aBadPageIs400(num: String) async throws {
        let response = try await websiteClient.get("/catalogue/rows/picks", query: ["num": num])
        #expect(response.status == .badRequest)
    }

    @Test(.useData(assetflats: fiveAssets, rows: [curated]))
    func rowRequestsAreCountedByPattern() async throws {
        _ = try await tvClient.get("/catalogue/rows/picks")
        _ = try await tvClient.get("/catalogue/rows/nope")
        _ = try await tvClient.get("/catalogue/rows")
        let metrics = try await anonymousClient.get("/metrics").bodyText
        #expect(
            metrics.contains(
                #"catalogue_requests_total{route="/catalogue/rows/{slug}",status="200",platform="tv"} 1"#))
        #expect(
            metrics.contains(
                #"catalogue_requests_total{route="/catalogue/rows/{slug}",status="404",platform="tv"} 1"#))
        #expect(
            metrics.contains(
                #"catalogue_requests_total{route="/catalogue/rows",status="200",platform="tv"} 1"#))
    }
}
