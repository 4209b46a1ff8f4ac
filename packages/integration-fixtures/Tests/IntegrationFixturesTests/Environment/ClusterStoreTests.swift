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

/// The `ES_URL` path: fixtures on a cluster reached over HTTP, here the embedded engine's
/// Elasticsearch facade serving on loopback, exactly as `es-embedded serve` does.
@Suite struct ClusterStoreTests {
    /// Runs `body` with a cluster store over a facade serving a fresh engine on a free port.
    func withCluster(_ body: (FixtureStore, EmbeddedSearchBackend) async throws -> Void) async throws {
        let engine = EmbeddedSearchBackend(clock: .system)
        let application = ElasticsearchFacade(backend: engine).application(
            logger: Logger(label: "es-embedded", level: .critical))
        try await application.withLiveServer { server in
            let url = try #require(URL(string: "http://127.0.0.1:\(server.address.port)"))
            let store = try FixtureStore.fromEnvironment(["ES_URL": url.absoluteString])
            #expect(store.isCluster)
            try await body(store, engine)
        }
    }

    @Test func eachEnvironmentHasItsOwnPrefixAndCleansUp() async throws {
        try await withCluster { store, engine async throws in
            let data = FixtureData(assetflats: [["uuid": "uuid-1"]])
            let (first, second) = try await (
                withFixtureEnvironment(data, store: store) { environment in
                    #expect(environment.isCluster)
                    #expect(environment.indexPrefix.hasPrefix("fixture-"))
                    let count = try await environment.backend.count(
                        environment.indexName(.assetflat), request: CountRequest())
                    #expect(count.count == 1)
                    let names = try engine.indexSummaries(nil).map(\.name)
                    #expect(names.contains(environment.indexName(.assetflat)))
                    return environment.indexPrefix
                },
                withFixtureEnvironment(data, store: store) { environment in environment.indexPrefix }
            )
            #expect(first != second)
            #expect(try engine.indexSummaries(nil).isEmpty, "every fixture index is deleted after its test")
        }
    }

    @Test func strictMappingErrorsComeBackOverTheWire() async throws {
        try await withCluster { store, engine async throws in
            let error = await #expect(throws: FixtureError.self) {
                try await withFixtureEnvironment(FixtureData(assetflats: [["titel": "Heat"]]), store: store) {
                    _ in
                }
            }
            guard case .documentRejected(_, _, let type, let reason) = error else {
                Issue.record("unexpected error \(String(describing: error))")
                return
            }
            #expect(type == "strict_dynamic_mapping_exception")
            #expect(reason.contains("[titel]"))
            #expect(try engine.indexSummaries(nil).isEmpty, "a failed set-up removes what it created")
        }
    }

    @Test func theClusterClockDoesNotMatterToFixtures() async throws {
        try await withCluster { store, _ async throws in
            let data = FixtureData(now: Date(timeIntervalSince1970: 0), assetflats: [[:]])
            try await withFixtureEnvironment(data, store: store) { environment in
                let asset = try #require(
                    try await environment.backend.document(
                        AssetFlat.self, id: "uuid-1", from: environment.indexName(.assetflat)))
                #expect(asset.licenseWindows[0].start == Date(timeIntervalSince1970: -30 * 86_400))
            }
        }
    }
}
