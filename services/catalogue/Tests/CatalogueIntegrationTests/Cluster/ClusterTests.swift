import CatalogueTestSupport
import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import IntegrationFixtures
import Testing

/// The `ES_URL` path, proven here: the same fixtures and requests against a cluster reached
/// through `HTTPSearchBackend` (the embedded engine's Elasticsearch facade on loopback, as
/// `es-embedded serve` runs it, whose own clock is the real one), each test under its own
/// index prefix. Run the whole suite this way with `ES_URL=http://127.0.0.1:9200 swift test`.
@Suite struct ClusterTests {
    func onCluster(_ data: FixtureData, _ body: () async throws -> Void) async throws {
        let engine = EmbeddedSearchBackend(clock: .system)
        let facade = ElasticsearchFacade(backend: engine).application(
            logger: Logger(label: "es-embedded", level: .critical))
        try await facade.withLiveServer { server in
            let store = try FixtureStore.fromEnvironment(["ES_URL": "http://127.0.0.1:\(server.address.port)"]
            )
            try await withFixtureEnvironment(data, store: store) { environment in
                #expect(environment.isCluster)
                #expect(!environment.indexPrefix.isEmpty)
                try await body()
            }
            #expect(try engine.indexSummaries(nil).isEmpty)
        }
    }

    @Test func byIDOnACluster() async throws {
        let data = FixtureData(assetflats: [
            ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
            ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
        ])
        try await onCluster(data) { () async throws in
            let response = try await androidClient.get(
                "/catalogue/by_id", query: ["id[]": "uuid-1,uuid-2,uuid-3,uuid-4", "content_country": "KE"])
            #expect(response.status == .ok)
            #expect(try response.json["count"] == 3)
        }
    }

    @Test func promosOnACluster() async throws {
        let data = FixtureData(promos: [
            ["uuid": "promo-1", "promo_type": "call_to_action"],
            ["uuid": "promo-2", "promo_type": "editorial"],
        ])
        try await onCluster(data) { () async throws in
            #expect(try await androidClient.get("/catalogue/promos").uuids == ["promo-1", "promo-2"])
            #expect(try await androidClient.apiMajor(130).get("/catalogue/promos").uuids == ["promo-2"])
        }
    }

    @Test func searchEventsAndReferenceOnACluster() async throws {
        let events = SportsEventGenerator().events(
            count: 200, from: Fixtures.date(days: -10), to: Fixtures.date(days: 40))
        let data = FixtureData(
            assetflats: [["uuid": "river", "titles": ["en": "The Silent River", "fr": nil]]],
            sportsEvents: events)
        try await onCluster(data) { () async throws in
            let search = try await websiteClient.get(
                "/catalogue/search", query: ["q": "river", "lang": "fra"])
            #expect(try search.uuids == ["river"])
            let week = try await websiteClient.get("/catalogue/events", query: ["num": "100"])
            let expected = try events.map { try $0.decode(SportsEvent.self) }
                .filter { $0.end > Fixtures.now && $0.start < Fixtures.date(days: 7) }
            #expect(try week.uuids == expected.map(\.uuid))
            let territories = try await websiteClient.get("/catalogue/territories")
            #expect(try territories.items.count == 6)
        }
    }

    /// Aggregations, `search_after` and highlighting through the HTTP client and the facade.
    @Test func facetsCursorsAndHighlightsOnACluster() async throws {
        let data = FixtureData(
            assetflats: (1...7).map { index in
                [
                    "uuid": .string("uuid-\(index)"), "created_at": .datetime(daysFromNow: -index),
                    "titles": ["en": .string("Storm \(index)"), "fr": nil], "categories": ["category-action"],
                ]
            })
        try await onCluster(data) { () async throws in
            let walk = try await CursorPagingTests.walk(
                "/catalogue/assets", query: ["content_country": "KE", "num": "3", "facets": "category,type"])
            #expect(walk.uuids == (1...7).map { "uuid-\($0)" })
            let facets = try walk.pages.first?.json["facets"]
            #expect(facets?["category"] == [["count": 7, "title": "Action", "value": "category-action"]])
            #expect(facets?["type"] == [["count": 7, "value": "movie"]])
            let search = try await CursorPagingTests.walk(
                "/catalogue/search", query: ["q": "stor", "num": "2"])
            #expect(Set(search.uuids) == Set((1...7).map { "uuid-\($0)" }))
            #expect(search.uuids.count == 7)
            #expect(try search.pages.first?.items.first?["highlight"] == "<em>Storm</em> 1")
        }
    }
}
