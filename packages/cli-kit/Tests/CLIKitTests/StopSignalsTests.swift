import CLIKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals sent to this very process reach the watchers' handlers, counted per watcher, and
/// stop reaching a watcher once it stops. SIGUSR1 and SIGUSR2 stand in for SIGINT and SIGTERM,
/// which would reach the test runner's own handling.
@Suite(.serialized) struct StopSignalsTests {
    /// The deliveries of a watcher of `signals`, as they arrive.
    final class Deliveries: Sendable {
        let stream: AsyncStream<StopSignals.Delivery>
        let watcher: StopSignals

        init(_ signals: [Int32]) {
            let (stream, continuation) = AsyncStream.makeStream(of: StopSignals.Delivery.self)
            self.stream = stream
            watcher = StopSignals(signals) { continuation.yield($0) }
        }
    }

    @Test func aSignalReachesItsWatcherCountedAndNamed() async throws {
        let deliveries = Deliveries([SIGUSR1, SIGUSR2])
        defer { deliveries.watcher.stop() }
        #expect(!deliveries.watcher.isRequested)
        var iterator = deliveries.stream.makeAsyncIterator()

        kill(getpid(), SIGUSR1)
        let first = try #require(await iterator.next())
        #expect(first == StopSignals.Delivery(signal: SIGUSR1, count: 1))
        #expect(first.name == "SIGUSR1")
        #expect(deliveries.watcher.isRequested)
        #expect(deliveries.watcher.received == SIGUSR1)

        kill(getpid(), SIGUSR2)
        let second = try #require(await iterator.next())
        #expect(second == StopSignals.Delivery(signal: SIGUSR2, count: 2))
        #expect(deliveries.watcher.received == SIGUSR1, "the first signal stays the one received")
    }

    /// Two watchers of one signal both see it; once one stops, only the other does, and the
    /// signal is still handled (it did not take its default action, which would end the test).
    @Test func overlappingWatchersEachSeeTheSignalUntilTheyStop() async throws {
        let outer = Deliveries([SIGUSR2])
        defer { outer.watcher.stop() }
        let inner = Deliveries([SIGUSR2])
        var outerSeen = outer.stream.makeAsyncIterator()
        var innerSeen = inner.stream.makeAsyncIterator()

        kill(getpid(), SIGUSR2)
        #expect(await outerSeen.next()?.count == 1)
        #expect(await innerSeen.next()?.count == 1)

        inner.watcher.stop()
        kill(getpid(), SIGUSR2)
        #expect(await outerSeen.next()?.count == 2)
        #expect(inner.watcher.isRequested, "what it saw before it stopped is kept")

        // A third watcher added afterwards: the one the stopped watcher would have seen reaches
        // only the watchers still there.
        let later = Deliveries([SIGUSR2])
        defer { later.watcher.stop() }
        var laterSeen = later.stream.makeAsyncIterator()
        kill(getpid(), SIGUSR2)
        #expect(await outerSeen.next()?.count == 3)
        #expect(await laterSeen.next()?.count == 1)
    }

    @Test func namesAreTheConventionalOnes() {
        #expect(StopSignals.name(of: SIGINT) == "SIGINT")
        #expect(StopSignals.name(of: SIGTERM) == "SIGTERM")
        #expect(StopSignals.name(of: 64) == "signal 64")
    }
}
