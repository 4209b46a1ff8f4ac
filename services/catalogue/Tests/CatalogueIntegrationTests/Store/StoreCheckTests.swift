import Catalogue
import CatalogueTestSupport
import ESEmbedded
import ESModels
import Foundation
import IntegrationFixtures
import Testing
import TimeKitTesting

/// The start-up check of `catalogue serve`: an unreachable store and missing indices are named,
/// a store holding every index is fine.
@Suite struct StoreCheckTests {
    /// An in-memory engine holding the mapping copy's indices, except `skipping`, under `prefix`.
    func engine(prefix: String = "", skipping: Set<String> = []) async throws -> EmbeddedSearchBackend {
        let engine = EmbeddedSearchBackend(clock: Fixtures.clock)
        for index in try FixtureMappings.shared.indexNames() where !skipping.contains(index) {
            _ = try await engine.createIndex(
                prefix + index, definition: FixtureMappings.shared.definition(for: index))
        }
        return engine
    }

    @Test func storeWithEveryIndexHasNoProblem() async throws {
        let app = CatalogueApp(
            backend: try await engine(), clock: Fixtures.clock, monotonic: ManualClock().clock)
        #expect(await app.storeProblem() == nil)
    }

    @Test func emptyStoreNamesEveryIndexAndTheFix() async throws {
        let app = CatalogueApp(
            backend: EmbeddedSearchBackend(clock: Fixtures.clock), clock: Fixtures.clock,
            monotonic: ManualClock().clock)
        let problem = try #require(await app.storeProblem())
        for index in IndexName.allCases {
            #expect(problem.contains("'\(index.rawValue)'"), "\(index)")
        }
        #expect(
            problem.hasSuffix("requests that read them get 503 until 'cms-indexer index' fills the store"))
    }

    @Test func oneMissingIndexUnderAPrefix() async throws {
        let backend = try await engine(prefix: "t1-", skipping: ["ratings"])
        let app = CatalogueApp(
            backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock,
            configuration: CatalogueConfiguration(indices: CatalogueIndices(prefix: "t1-")))
        #expect(
            await app.storeProblem()
                == "the search store has no index 't1-ratings'; requests that read it get 503 until "
                + "'cms-indexer index' fills the store")
    }

    @Test func unreachableStoreSaysSo() async throws {
        let backend = try await unreachableBackend()
        let problem = try #require(
            await CatalogueApp(backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock)
                .storeProblem()
        )
        #expect(problem.hasPrefix("the search store does not answer ("))
        #expect(problem.hasSuffix("); requests get 503 until it does"))
    }
}
