import Glibc
import HTTPKit
import Testing

@Suite struct EventLoopTests {
    /// A connected pair of non-blocking sockets, the first registered with the shared loop.
    private struct Pair {
        let loop: EventLoop
        let watched: Int32
        let peer: Int32

        init() throws {
            var fds: [Int32] = [0, 0]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw ServerError.connectionClosed }
            loop = try EventLoop.shared()
            watched = fds[0]
            peer = fds[1]
            try loop.register(watched)
        }

        /// Consumes the readiness left over from registration, so the next wait really waits.
        func drainInitialReadiness() async throws {
            _ = try await loop.wait(for: .read, on: watched, deadline: .now)
        }

        func close() {
            loop.deregister(watched)
            Glibc.close(watched)
            Glibc.close(peer)
        }
    }

    @Test func endsAWaitWhenDataArrives() async throws {
        let pair = try Pair()
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        async let readiness = pair.loop.wait(for: .read, on: pair.watched, deadline: .now + .seconds(10))
        try await Task.sleep(for: .milliseconds(20))
        _ = Glibc.write(pair.peer, "x", 1)
        #expect(try await readiness == .ready)
    }

    @Test func remembersAnEdgeThatArrivedBeforeTheWait() async throws {
        let pair = try Pair()
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        _ = Glibc.write(pair.peer, "x", 1)
        try await Task.sleep(for: .milliseconds(20))
        #expect(
            try await pair.loop.wait(for: .read, on: pair.watched, deadline: .now + .seconds(10)) == .ready)
    }

    @Test func timesOutAtTheDeadlineEvenWhenALaterOneWasSetFirst() async throws {
        let late = try Pair()
        let early = try Pair()
        defer {
            late.close()
            early.close()
        }
        try await late.drainInitialReadiness()
        try await early.drainInitialReadiness()
        let start = ContinuousClock.now
        async let lateWait = late.loop.wait(for: .read, on: late.watched, deadline: start + .seconds(3))
        try await Task.sleep(for: .milliseconds(10))
        let earlyResult = try await early.loop.wait(
            for: .read, on: early.watched, deadline: .now + .milliseconds(50))
        #expect(earlyResult == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(2))
        late.loop.interrupt(late.watched)
        #expect(try await lateWait == .interrupted)
    }

    @Test func interruptsTheCurrentAndEveryLaterWait() async throws {
        let pair = try Pair()
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        async let first = pair.loop.wait(for: .read, on: pair.watched, deadline: nil)
        try await Task.sleep(for: .milliseconds(20))
        pair.loop.interrupt(pair.watched)
        #expect(try await first == .interrupted)
        #expect(try await pair.loop.wait(for: .write, on: pair.watched, deadline: nil) == .interrupted)
    }

    @Test func endsAWaitWithCancellationError() async throws {
        let pair = try Pair()
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        let waiting = Task { try await pair.loop.wait(for: .read, on: pair.watched, deadline: nil) }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func refusesToWaitOnAnUnregisteredSocket() async throws {
        let loop = try EventLoop.shared()
        await #expect(throws: ServerError.self) { try await loop.wait(for: .read, on: 99_999, deadline: nil) }
    }

    @Test func sleepsUntilTheDeadlineOnly() async throws {
        let loop = try EventLoop.shared()
        let start = ContinuousClock.now
        try await loop.sleep(until: start + .milliseconds(50))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        try await loop.sleep(until: start)  // a passed deadline returns at once
    }

    @Test func endsASleepWithCancellationError() async throws {
        let loop = try EventLoop.shared()
        let sleeping = Task { try await loop.sleep(until: .now + .seconds(30)) }
        try await Task.sleep(for: .milliseconds(20))
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
    }
}
