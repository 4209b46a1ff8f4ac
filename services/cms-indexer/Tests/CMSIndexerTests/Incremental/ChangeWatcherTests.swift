import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing
import TimeKitTesting

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
            let time = ManualClock()
            let start = time.now
            let watcher = try ChangeWatcher(
                backend: flaky, configuration: configuration, pollInterval: .milliseconds(50),
                time: time.clock, retryDelay: .milliseconds(10))
            var statuses: [WatchStatus] = []
            let total = try await Self.advancing(time, by: .milliseconds(10)) {
                try await watcher.run(until: { statuses.contains { $0.pass.upserted > 0 } }) {
                    statuses.append($0)
                }
            }
            #expect(time.now - start == .milliseconds(30), "it paused 10 ms, then 20 ms, and no more")
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
                backend: engine, configuration: configuration, pollInterval: .milliseconds(50),
                time: ManualClock().clock)
            await #expect(throws: IncrementalError.noLiveIndex(alias: "assetflat", targets: [])) {
                _ = try await watcher.run(until: { false }) { _ in }
            }
        }
    }

    /// Runs `body` while moving `time` on by `step` each time a task sleeps on it (the watcher's
    /// pauses and poll waits), so that its waits end without the test waiting in real time.
    static func advancing<Value>(
        _ time: ManualClock, by step: Duration, _ body: () async throws -> Value
    ) async throws -> Value {
        let driver = Task {
            while true {
                await time.waitForSleepers(1)
                if Task.isCancelled { return }
                time.advance(by: step)
            }
        }
        let result: Result<Value, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        // The driver waits for a sleeper: one is parked, at once cancelled, to let it see it is done.
        driver.cancel()
        let wake = Task { try? await time.clock.sleep(until: time.now + .seconds(3_600)) }
        await driver.value
        wake.cancel()
        return try result.get()
    }
}
