import CLIKit
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing

/// One indexer at a time per store.
@Suite struct StoreLeaseTests {
    private let clock = IndexerFixture.clock()

    @Test func aSecondIndexerIsRefusedUntilTheFirstReleases() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        let first = try await StoreLease.acquire(backend: engine, clock: clock)
        let other = LeaseHolder(id: "other", host: "elsewhere", pid: 1)
        await #expect {
            _ = try await StoreLease.acquire(backend: engine, clock: clock, holder: other)
        } throws: { error in
            guard case .held = error as? StoreLeaseError else { return false }
            return "\(error)".contains(
                "another indexer (pid \(ProcessInfo.processInfo.processIdentifier) on ")
        }
        await first.release()
        let second = try await StoreLease.acquire(backend: engine, clock: clock, holder: other)
        #expect(second.generation == first.generation + 1)
        await second.release()
    }

    @Test func aWaitingIndexerTakesTheLeaseWhenItIsReleased() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        let first = try await StoreLease.acquire(backend: engine, clock: clock)
        let told = TextOutput()
        async let second = StoreLease.acquire(
            backend: engine, clock: clock, holder: LeaseHolder(id: "b", host: "elsewhere", pid: 2),
            waiting: .seconds(20), onWait: { told.write($0) })
        try await Task.sleep(for: .milliseconds(300))
        await first.release()
        let taken = try await second
        #expect(taken.holder.id == "b")
        #expect(told.text.hasPrefix("waiting for the indexer lease, held by pid "))
    }

    @Test func anExpiredLeaseOrOneLeftByADeadProcessIsTakenOver() async throws {
        let engine = EmbeddedSearchBackend(clock: clock)
        // Held by a process of this host that does not exist: free at once.
        let dead = LeaseHolder(id: "dead", host: ProcessInfo.processInfo.hostName, pid: Int(Int32.max - 7))
        _ = try await StoreLease.acquire(backend: engine, clock: clock, holder: dead)
        let next = try await StoreLease.acquire(backend: engine, clock: clock)
        // Held elsewhere, but expired: free; the former holder finds out when it renews.
        let later = clock.offset(by: StoreLease.ttl + 1)
        let taker = try await StoreLease.acquire(
            backend: engine, clock: later, holder: LeaseHolder(id: "c", host: "elsewhere", pid: 3))
        #expect(taker.generation == next.generation + 1)
        await #expect(throws: StoreLeaseError.lost(generation: next.generation)) { try await next.renew() }
    }
}
