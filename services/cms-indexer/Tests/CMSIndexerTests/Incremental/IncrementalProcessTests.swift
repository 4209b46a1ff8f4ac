import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import Testing
import TimeKitTesting

/// The built `cms-indexer` against the embedded engine's REST facade on a loopback port: `watch`
/// picks up a commit and stops cleanly on SIGTERM, a second indexer is turned away, and an
/// indexer killed with SIGKILL mid-run loses nothing once restarted.
@Suite struct IncrementalProcessTests {
    /// Runs `body` with an engine served over HTTP.
    private func withServedEngine(_ body: (EmbeddedSearchBackend, String) async throws -> Void) async throws {
        let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
        let application = ElasticsearchFacade(backend: engine).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.withLiveServer { server in try await body(engine, server.address.httpURL) }
    }

    private func run(_ arguments: [String], minutes: Int = 0) async -> CommandRun {
        await CommandRun.run(
            arguments, in: FileManager.default.temporaryDirectory,
            clock: IndexerFixture.clock(minutes: minutes))
    }

    /// Every assetflat document's English title, by id.
    private func titles(_ engine: EmbeddedSearchBackend) async throws -> [String: String] {
        _ = try await engine.refresh("assetflat")
        let response = try await engine.search("assetflat", request: SearchRequest(size: 10_000))
        var titles: [String: String] = [:]
        for hit in response.hits.hits { titles[hit.id] = hit.source?["titles"]?["en"]?.stringValue }
        return titles
    }

    @Test(arguments: TestDatabase.available)
    func watchAppliesACommitTurnsASecondIndexerAwayAndStopsOnSIGTERM(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: IndexerFixture.sql(movies: 5)) { location in
            try await withServedEngine { engine, url in
                let full = await run(["index", "--db", location.argument, "--es", url])
                #expect(full.code == 0, "\(full.errors)")
                let watch = try ChildProcess(
                    BuiltProducts.executable("cms-indexer"),
                    ["watch", "--db", location.argument, "--es", url, "--poll-interval", "100"])
                _ = try await watch.line(containing: "watching ", in: .standardError, timeout: .seconds(60))

                try CMSFixture.execute(
                    "UPDATE asset_localizations SET title = 'Watched' WHERE asset_uuid = 'movie-0004'",
                    on: location)
                // A real process on real time: the watch prints its status line once the pass
                // that applied the change has written it (waited for with a generous bound).
                _ = try await watch.line(
                    containing: "1 changes applied", in: .standardError, timeout: .seconds(60))
                #expect(try await titles(engine)["movie-0004"] == "Watched")

                let second = await run(["index", "--db", location.argument, "--es", url], minutes: 1)
                #expect(second.code == 1)
                #expect(
                    second.errors.contains("another indexer (pid \(watch.processIdentifier) on "),
                    "\(second.errors)")
                #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-20260101000000000"])

                watch.signal(SIGTERM)
                #expect(try await watch.exit(timeout: .seconds(60)) == .exited(0), "\(watch.errors)")
                #expect(watch.output.hasPrefix("stopped: applied 1 change: 1 documents written, 0 deleted"))
                #expect(watch.errors.contains("cms-indexer: watch: position "))
                // The lease was released: the next indexer runs at once.
                #expect(
                    await run(["index", "--db", location.argument, "--es", url, "--incremental"]).code == 0)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func anIncrementalRunKilledMidwayLosesNothingOnceRestarted(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 150)) { location in
            try await withServedEngine { engine, url in
                let full = await run(["index", "--db", location.argument, "--es", url, "--only", "assetflat"])
                #expect(full.code == 0, "\(full.errors)")
                try CMSFixture.execute(
                    "UPDATE asset_localizations SET title = 'Burst ' || asset_uuid", on: location)

                let killed = try ChildProcess(
                    BuiltProducts.executable("cms-indexer"),
                    [
                        "index", "--incremental", "--db", location.argument, "--es", url, "--only",
                        "assetflat",
                        "--batch-size", "2",
                    ])
                #expect(await killed.signal(SIGKILL, whenLineContains: "applied ", timeout: .seconds(60)))
                #expect(
                    try await killed.exit(timeout: .seconds(60)) == .signalled(SIGKILL), "\(killed.errors)")
                let partly = try await titles(engine).values.filter { $0.hasPrefix("Burst ") }.count
                #expect(partly > 0 && partly < 150, "the kill came after \(partly) of 150 documents")

                // The killed indexer's lease does not hold the restart back.
                let restarted = await run([
                    "index", "--incremental", "--db", location.argument, "--es", url, "--only", "assetflat",
                ])
                #expect(restarted.code == 0, "\(restarted.errors)")
                let titles = try await titles(engine)
                #expect(titles.count == 150)
                #expect(titles.allSatisfy { $0.value == "Burst \($0.key)" })
                #expect(try await IndexerFixture.count(engine, "assetflat") == 150)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRebuildKilledMidwayNeverMovesTheAliasesAndTheRestartHasEveryChange(_ database: TestDatabase)
        async throws
    {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 150)) { location in
            try await withServedEngine { engine, url in
                let full = await run(["index", "--db", location.argument, "--es", url, "--only", "assetflat"])
                #expect(full.code == 0, "\(full.errors)")
                try CMSFixture.execute(
                    "UPDATE asset_localizations SET title = 'Burst ' || asset_uuid", on: location)

                let killed = try ChildProcess(
                    BuiltProducts.executable("cms-indexer"),
                    [
                        "index", "--db", location.argument, "--es", url, "--only", "assetflat",
                        "--batch-size", "2",
                        "--progress-every", "10",
                    ])
                #expect(
                    await killed.signal(SIGKILL, whenLineContains: "documents indexed", timeout: .seconds(60))
                )
                #expect(
                    try await killed.exit(timeout: .seconds(60)) == .signalled(SIGKILL), "\(killed.errors)")
                // The aliases still point at the complete index, which still serves every document.
                #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-20260101000000000"])
                #expect(try await IndexerFixture.count(engine, "assetflat") == 150)

                let restarted = await run(
                    ["index", "--db", location.argument, "--es", url, "--only", "assetflat"], minutes: 5)
                #expect(restarted.code == 0, "\(restarted.errors)")
                // (The killed run named its index from the real clock; the restart's comes after it.)
                let live = try #require(try await engine.indices(forAlias: "assetflat").first)
                #expect(live != "assetflat-20260101000000000")
                let titles = try await titles(engine)
                #expect(titles.count == 150)
                #expect(titles.allSatisfy { $0.value == "Burst \($0.key)" })
                // Retention deleted the killed run's half-built index.
                #expect(
                    try await IndexerFixture.concreteIndices(engine, "assetflat") == [
                        "assetflat-20260101000000000", live,
                    ])
            }
        }
    }

    @Test func aWatchWhoseLeaseIsTakenOverStopsWithExit1() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 2)) { location in
            try await withServedEngine { engine, url in
                let full = await run(["index", "--db", location.argument, "--es", url])
                #expect(full.code == 0, "\(full.errors)")
                let watch = try ChildProcess(
                    BuiltProducts.executable("cms-indexer"),
                    ["watch", "--db", location.argument, "--es", url, "--poll-interval", "100"])
                _ = try await watch.line(containing: "watching ", in: .standardError, timeout: .seconds(60))
                // Another indexer whose clock says the watch's lease expired takes it over; the
                // watch finds out at its next renewal (within a third of the lease's life: the
                // child renews on real time, so its exit is waited for with a generous bound).
                let taker = try await StoreLease.acquire(
                    backend: engine, clock: WallClock.system.offset(by: StoreLease.ttl + 1),
                    time: ManualClock().clock, holder: LeaseHolder(id: "taker", host: "elsewhere", pid: 5))
                #expect(try await watch.exit(timeout: .seconds(90)) == .exited(1), "\(watch.errors)")
                #expect(
                    watch.errors.contains(
                        "the indexer lease (generation \(taker.generation - 1)) was taken over by another indexer"
                    ),
                    "\(watch.errors)")
                await taker.release()
            }
        }
    }
}
