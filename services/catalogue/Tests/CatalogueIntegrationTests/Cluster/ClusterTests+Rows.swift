import CatalogueTestSupport
import ESModels
import IntegrationFixtures
import Testing

extension ClusterTests {
    /// The rows' queries (open bounds as `must_not exists`, the curated lookup, the live events)
    /// through `HTTPSearchBackend` to the Elasticsearch facade.
    @Test func rowsOnACluster() async throws {
        let data = FixtureData(
            assetflats: [
                ["uuid": "uuid-1"], ["uuid": "uuid-2"],
                ["uuid": "uuid-3", "license_windows": [["countries": ["ZA"]]]],
            ],
            sportsEvents: [["uuid": "live", "start": "now-1h", "end": "now+1h"], ["uuid": "tomorrow"]],
            rows: [
                ["uuid": "picks", "slug": "picks", "position": 1, "max_api_major": 138],
                [
                    "uuid": "newest", "slug": "newest", "kind": "query", "asset_uuids": [], "position": 2,
                    "query": ["type": "movie"],
                ],
                ["uuid": "live", "slug": "live", "kind": "live_events", "asset_uuids": [], "position": 3],
                ["uuid": "later", "slug": "later", "start": "now+1d"],
            ])
        try await onCluster(data) { () async throws in
            let home = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
            #expect(home.status == .ok)
            #expect(try home.rowSlugs == ["picks", "newest", "live"])
            #expect(try home.itemUUIDs(ofRow: "picks") == ["uuid-1", "uuid-2"])
            #expect(try home.itemUUIDs(ofRow: "newest") == ["uuid-1", "uuid-2"])
            #expect(try home.itemUUIDs(ofRow: "live") == ["live"])
            let old = try await androidClient.apiMajor(136).get(
                "/catalogue/rows", query: ["content_country": "KE"])
            #expect(try old.rowSlugs == ["picks", "newest"])
            let page = try await androidClient.get(
                "/catalogue/rows/picks", query: ["content_country": "ZA", "num": "2"])
            #expect(try page.json["count"] == 3)
            #expect(try page.uuids == ["uuid-1", "uuid-2"])
            #expect(try await androidClient.get("/catalogue/rows/later").status == .notFound)
        }
    }
}
