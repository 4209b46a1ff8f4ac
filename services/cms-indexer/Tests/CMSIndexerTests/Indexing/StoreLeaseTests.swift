import CLIKit
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Synchronization
import Testing
import TimeKitTesting

/// One indexer at a time per store.
@Suite struct StoreLeaseTests {
    private let clock = IndexerFixture.clock()
    /// Elapsed time for the waits: moved by the tests, never by the machine.
    private let time = ManualClock()

    @Test func aSecondIndexerIsRefusedUntilTheFirstReleases() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        let first = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
        let other = LeaseHolder(id: "other", host: "elsewhere", pid: 1)
        await #expect {
            _ = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock, holder: other)
        } throws: { error in
            guard case .held = error as? StoreLeaseError else { return false }
            return "\(error)".contains(
                "another indexer (pid \(ProcessInfo.processInfo.processIdentifier) on ")
        }
        await first.release()
        let second = try await StoreLease.acquire(
            backend: engine, clock: clock, time: time.clock, holder: other)
        #expect(second.generation == first.generation + 1)
        await second.release()
    }

    @Test func aWaitingIndexerTakesTheLeaseWhenItIsReleased() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        let first = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
        let told = TextOutput()
        async let second = StoreLease.acquire(
            backend: engine, clock: clock, time: time.clock,
            holder: LeaseHolder(id: "b", host: "elsewhere", pid: 2),
            waiting: .seconds(20), onWait: { told.write($0) })
        // It found the lease held and waits to look again.
        await time.waitForSleepers(1)
        #expect(told.text.hasPrefix("waiting for the indexer lease, held by pid "))
        await first.release()
        time.advance(by: StoreLease.recheckInterval)
        let taken = try await second
        #expect(taken.holder.id == "b")
    }

    @Test func aWaitingIndexerGivesUpWhenItsWaitIsOver() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        let first = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
        let start = time.now
        let waiting = Task { [clock, time] in
            try await StoreLease.acquire(
                backend: engine, clock: clock, time: time.clock,
                holder: LeaseHolder(id: "b", host: "elsewhere", pid: 2), waiting: .seconds(1))
        }
        // Each time it waits to look again, its next look is moved to.
        for _ in 0..<4 {
            await time.waitForSleepers(1)
            time.advance(by: StoreLease.recheckInterval)
        }
        await #expect(throws: StoreLeaseError.self) { _ = try await waiting.value }
        #expect(time.now - start == .seconds(1), "it waited its whole wait, and no more")
        await first.release()
    }

    @Test func anExpiredLeaseOrOneLeftByADeadProcessIsTakenOver() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        // Held by a process of this host that does not exist: free at once.
        let dead = LeaseHolder(id: "dead", host: ProcessInfo.processInfo.hostName, pid: Int(Int32.max - 7))
        _ = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock, holder: dead)
        let next = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
        // Held elsewhere, but expired: free; the former holder finds out when it renews.
        let later = clock.offset(by: StoreLease.ttl + 1)
        let taker = try await StoreLease.acquire(
            backend: engine, clock: later, time: time.clock,
            holder: LeaseHolder(id: "c", host: "elsewhere", pid: 3))
        #expect(taker.generation == next.generation + 1)
        await #expect(throws: StoreLeaseError.lost(generation: next.generation)) { try await next.renew() }
    }

    @Test func theStateIndexKeepsAtMostTwoLeasesAndALostLeaseLeavesItsTakerAlone() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        for _ in 1...5 {
            await (try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)).release()
        }
        let first = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
        _ = try await engine.refresh(IndexerState.index)
        let leases = try await engine.count(
            IndexerState.index, request: CountRequest(query: .term("kind", "lease")))
        #expect(leases.count <= 2)
        // Expired and taken over: the former holder's release must not free its taker's lease.
        let taker = try await StoreLease.acquire(
            backend: engine, clock: clock.offset(by: StoreLease.ttl + 1), time: time.clock,
            holder: LeaseHolder(id: "t", host: "elsewhere", pid: 4))
        await #expect(throws: StoreLeaseError.lost(generation: first.generation)) { try await first.renew() }
        #expect(first.isLost)
        await first.release()
        await #expect(throws: StoreLeaseError.self) {
            _ = try await StoreLease.acquire(
                backend: engine, clock: clock.offset(by: StoreLease.ttl + 2), time: time.clock,
                holder: LeaseHolder(id: "u", host: "elsewhere", pid: 5))
        }
        await taker.release()
    }

    @Test func anIndexerWhoseLeaseWasTakenOverWritesNothingAndMovesNoAlias() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 3)) { location in
            let engine = EmbeddedSearchBackend(clock: clock)
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            let first = try await Indexer(backend: engine, configuration: configuration).run()
            let lease = try await StoreLease.acquire(backend: engine, clock: clock, time: time.clock)
            _ = try await StoreLease.acquire(
                backend: engine, clock: clock.offset(by: StoreLease.ttl + 1), time: time.clock,
                holder: LeaseHolder(id: "t", host: "elsewhere", pid: 4))
            _ = try? await lease.renew()
            #expect(lease.isLost)
            try CMSFixture.execute(
                "UPDATE asset_localizations SET title = 'Late' WHERE asset_uuid = 'movie-0001'", on: location)

            await #expect(throws: StoreLeaseError.lost(generation: lease.generation)) {
                _ = try await IncrementalIndexer(backend: engine, configuration: configuration, lease: lease)
                    .catchUp()
            }
            #expect(try await IncrementalIndexerTests.title(engine, "movie-0001") == "A Movie")

            let later = IndexerFixture.configuration(
                location, clock: IndexerFixture.clock(minutes: 1), indices: [.assetflat])
            await #expect {
                _ = try await Indexer(backend: engine, configuration: later, lease: lease).run()
            } throws: { error in
                guard case .storeFailed(let step, _, let cleaned) = error as? IndexingError else {
                    return false
                }
                return step == "holding the indexer lease" && cleaned == ["assetflat-20260101000100000"]
            }
            #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-\(first.version)"])
        }
    }

    @Test func anIndexerPausedPastItsLeaseChecksBeforeItWritesAgain() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 3)) { location in
            let engine = EmbeddedSearchBackend(clock: clock)
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            _ = try await Indexer(backend: engine, configuration: configuration).run()
            let wall = ManualWallClock(IndexerFixture.start)
            let lease = try await StoreLease.acquire(backend: engine, clock: wall.clock, time: time.clock)
            try CMSFixture.execute(
                "UPDATE asset_localizations SET title = 'After a pause' WHERE asset_uuid = 'movie-0001'",
                on: location)
            // Paused for 20 s, nobody took the lease: it is renewed and the pass writes.
            wall.advance(by: 20)
            let applied = try await IncrementalIndexer(
                backend: engine, configuration: configuration, lease: lease
            )
            .catchUp()
            #expect(applied.upserted == 1)
            #expect(!lease.isLost)

            // Paused past the lease's life, another indexer took it: the renewal loop has not run,
            // yet nothing is written.
            wall.advance(by: StoreLease.ttl + 1)
            _ = try await StoreLease.acquire(
                backend: engine, clock: wall.clock, time: time.clock,
                holder: LeaseHolder(id: "t", host: "elsewhere", pid: 4))
            try CMSFixture.execute(
                "UPDATE asset_localizations SET title = 'Too late' WHERE asset_uuid = 'movie-0002'",
                on: location)
            await #expect(throws: StoreLeaseError.lost(generation: lease.generation)) {
                _ = try await IncrementalIndexer(backend: engine, configuration: configuration, lease: lease)
                    .catchUp()
            }
            #expect(try await IncrementalIndexerTests.title(engine, "movie-0002") == "A Movie")
        }
    }
}

/// A wall clock a test moves forward by hand.
private final class ManualWallClock: Sendable {
    private let seconds: Atomic<Int>
    private let start: Date

    init(_ start: Date) {
        self.start = start
        seconds = Atomic(0)
    }

    func advance(by interval: TimeInterval) {
        seconds.add(Int(interval), ordering: .relaxed)
    }

    var clock: WallClock {
        WallClock { [self] in start.addingTimeInterval(Double(seconds.load(ordering: .relaxed))) }
    }
}
