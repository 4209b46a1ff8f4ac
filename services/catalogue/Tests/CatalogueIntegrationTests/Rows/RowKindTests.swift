import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

/// What each kind of row holds: a query row its saved filter's assets, a `live_events` row the
/// events running now, a curated row its listed assets of the types the client is served.
@Suite struct RowKindTests {
    static let movies: [JSONValue] = [
        ["uuid": "old", "created_at": "now-30d"], ["uuid": "new", "created_at": "now-1d"],
        ["uuid": "middle", "created_at": "now-10d"],
        ["uuid": "episode", "type": "episode", "created_at": "now-2h"],
        ["uuid": "za-only", "created_at": "now-1h", "license_windows": [["countries": ["ZA"]]]],
    ]

    @Test(
        .useData(
            assetflats: movies,
            rows: [["slug": "new-movies", "kind": "query", "asset_uuids": [], "query": ["type": "movie"]]]))
    func aQueryRowListsItsFilterNewestFirst() async throws {
        let kenya = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try kenya.itemUUIDs(ofRow: "new-movies") == ["new", "middle", "old"])
        let southAfrica = try await websiteClient.get("/catalogue/rows", query: ["content_country": "ZA"])
        #expect(try southAfrica.itemUUIDs(ofRow: "new-movies") == ["za-only", "new", "middle", "old"])
    }

    @Test(
        .useData(
            assetflats: [
                ["uuid": "comedy", "categories": [.string(Fixtures.categoryID("comedy"))]],
                [
                    "uuid": "swahili-comedy", "categories": [.string(Fixtures.categoryID("comedy"))],
                    "languages": ["sw"],
                ],
                ["uuid": "drama"],
            ],
            rows: [
                [
                    "uuid": "comedies", "slug": "comedies", "kind": "query", "asset_uuids": [],
                    "query": ["category": .string(Fixtures.categoryID("comedy"))],
                ],
                [
                    "uuid": "swahili", "slug": "swahili", "kind": "query", "asset_uuids": [],
                    "query": ["category": .string(Fixtures.categoryID("comedy")), "language": "sw"],
                ],
            ]))
    func aQueryRowRespectsItsCategoryAndLanguage() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try Set(response.itemUUIDs(ofRow: "comedies")) == ["comedy", "swahili-comedy"])
        #expect(try response.itemUUIDs(ofRow: "swahili") == ["swahili-comedy"])
    }

    @Test(
        .useData(
            assetflats: [
                ["uuid": "b", "titles": ["en": "Zebra", "fr": "Abeille"]],
                ["uuid": "a", "titles": ["en": "Aardvark", "fr": "Zèbre"]],
            ],
            rows: [["kind": "query", "asset_uuids": [], "query": ["sort": "title"]]]))
    func aQueryRowByTitleUsesTheClientsLanguage() async throws {
        let english = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try english.itemUUIDs(ofRow: "row-1") == ["a", "b"])
        let french = try await websiteClient.get(
            "/catalogue/rows", query: ["content_country": "KE", "lang": "fra"])
        #expect(try french.itemUUIDs(ofRow: "row-1") == ["b", "a"])
    }

    @Test(
        .useData(
            assetflats: [["uuid": "match", "type": "sport_event"], ["uuid": "film"]],
            rows: [
                ["slug": "mixed", "asset_uuids": ["match", "film"]],
                ["slug": "sport", "kind": "query", "asset_uuids": [], "query": ["type": "sport_event"]],
            ]))
    func sportEventAssetsNeedAPIMajor136InEveryKindOfRow() async throws {
        let current = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try current.itemUUIDs(ofRow: "mixed") == ["match", "film"])
        #expect(try current.itemUUIDs(ofRow: "sport") == ["match"])
        let old = try await androidClient.apiMajor(135).get(
            "/catalogue/rows", query: ["content_country": "KE"])
        #expect(try old.itemUUIDs(ofRow: "mixed") == ["film"])
        #expect(try old.rowSlugs == ["mixed"], "the query row has nothing left to show")
    }

    @Test(
        .useData(
            sportsEvents: [
                ["uuid": "live", "start": "now-1h", "end": "now+1h"],
                ["uuid": "tomorrow"],
                ["uuid": "over", "start": "now-3h", "end": "now-1h"],
                ["uuid": "live-in-za", "start": "now-30m", "end": "now+1h", "territories": ["ZA"]],
            ],
            rows: [["slug": "live-now", "kind": "live_events", "asset_uuids": []]]))
    func aLiveEventsRowShowsTheEventsRunningNow() async throws {
        let kenya = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try kenya.itemUUIDs(ofRow: "live-now") == ["live"])
        let event = try #require(try kenya.rows.first?["items"]?.arrayValue?.first)
        #expect(event["is_live"] == true)
        #expect(event["teams"] == ["Gor Mahia", "AFC Leopards"])
        let southAfrica = try await androidClient.get("/catalogue/rows", query: ["content_country": "ZA"])
        #expect(try southAfrica.itemUUIDs(ofRow: "live-now") == ["live", "live-in-za"])
    }

    @Test(
        .useData(
            sportsEvents: [
                ["uuid": "football", "start": "now-1h", "end": "now+1h"],
                ["uuid": "rugby", "sport": "rugby", "start": "now-1h", "end": "now+1h"],
            ],
            rows: [
                ["slug": "live-rugby", "kind": "live_events", "asset_uuids": [], "query": ["sport": "rugby"]]
            ]))
    func aLiveEventsRowOfOneSport() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.itemUUIDs(ofRow: "live-rugby") == ["rugby"])
    }

    @Test(
        .useData(
            sportsEvents: [["uuid": "tomorrow"]],
            rows: [["slug": "live-now", "kind": "live_events", "asset_uuids": []]]))
    func aLiveEventsRowWithNothingRunningIsLeftOut() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.rowSlugs == [])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]],
            sportsEvents: [["uuid": "live", "start": "now-1h", "end": "now+1h"]],
            rows: [
                ["uuid": "curated", "slug": "curated", "position": 1],
                [
                    "uuid": "query", "slug": "query", "kind": "query", "asset_uuids": [], "position": 2,
                    "query": ["type": "movie"],
                ],
                ["uuid": "live", "slug": "live", "kind": "live_events", "asset_uuids": [], "position": 3],
            ]))
    func everyKindOnOneScreen() async throws {
        let response = try await tvClient.get("/catalogue/rows", query: ["content_country": "UG"])
        #expect(try response.rowSlugs == ["curated", "query", "live"])
        #expect(try response.rows.map { $0["kind"] } == ["curated", "query", "live_events"])
        #expect(try response.itemUUIDs(ofRow: "query") == ["uuid-1", "uuid-2", "uuid-3"])
        #expect(try response.itemUUIDs(ofRow: "live") == ["live"])
    }
}
