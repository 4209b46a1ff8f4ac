import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing

/// `watch`'s loop in process: a store that fails for a moment delays a change, never loses it.
@Suite struct ChangeWatcherTests {
    @Test(arguments: TestDatabase.available)
    func aPassTheStoreFailedIsTriedAgainAndAppliesTheChange(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: IndexerFixture.sql(movies: 2)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            _ = try await Indexer(backend: engine, configuration: configuration).run()
            try CMSFixture.execute(
                "UPDATE asset_localizations SET title = 'Retried' WHERE asset_uuid = 'movie-0002'",
                on: location)
            // The first two bulk calls after the full run fail as a dropped connection would.
            let flaky = FaultInjectingBackend(
                wrapping: FaultInjectingBackend(wrapping: engine, failingBulkCall: 1, with: .unreachable),
                failingBulkCall: 2, with: .unreachable)
            let watcher = try ChangeWatcher(
                backend: flaky, configuration: configuration, pollInterval: .milliseconds(50),
                retryDelay: .milliseconds(10))
            var statuses: [WatchStatus] = []
            let total = try await watcher.run(until: { statuses.contains { $0.pass.upserted > 0 } }) {
                statuses.append($0)
            }
            let retries = statuses.compactMap(\.retrying)
            #expect(retries.count == 2)
            #expect(retries.first?.hasPrefix("cannot reach the search cluster at ") == true)
            #expect(retries.first?.hasSuffix("; trying again in 10 ms") == true)
            #expect(retries.last?.hasSuffix("; trying again in 20 ms") == true)
            #expect(total.upserted == 1)
            #expect(try await IncrementalIndexerTests.title(engine, "movie-0002") == "Retried")
        }
    }

    @Test func aFailureThatWillNotPassEndsTheWatch() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 1)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            let watcher = try ChangeWatcher(
                backend: engine, configuration: configuration, pollInterval: .milliseconds(50))
            await #expect(throws: IncrementalError.noLiveIndex(alias: "assetflat", targets: [])) {
                _ = try await watcher.run(until: { false }) { _ in }
            }
        }
    }
}
