import HTTPKit
import HTTPKitServer
import Testing

/// Every behaviour of the loop, on every back end this platform has (epoll and poll on Linux,
/// kqueue and poll on Darwin).
@Suite struct EventLoopTests {
    /// A connected pair of non-blocking sockets, the first registered with the loop of a back end.
    private struct Pair {
        let loop: EventLoop
        let watched: Int32
        let peer: Int32

        init(_ backend: EventLoopBackend) throws {
            let (watched, peer) = try SocketPair.make()
            loop = try EventLoop.shared(backend)
            self.watched = watched
            self.peer = peer
            try loop.register(watched)
        }

        /// Consumes the readiness left over from registration, so the next wait really waits.
        func drainInitialReadiness() async throws {
            _ = try await loop.wait(for: .read, on: watched, deadline: .now)
        }

        func close() {
            loop.deregister(watched)
            SocketPair.close(watched)
            SocketPair.close(peer)
        }
    }

    @Test(arguments: EventLoopBackend.available)
    func endsAWaitWhenDataArrives(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        async let readiness = pair.loop.wait(for: .read, on: pair.watched, deadline: .now + .seconds(10))
        try await Task.sleep(for: .milliseconds(20))
        SocketPair.send("x", to: pair.peer)
        #expect(try await readiness == .ready)
    }

    @Test(arguments: EventLoopBackend.available)
    func remembersAnEdgeThatArrivedBeforeTheWait(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        SocketPair.send("x", to: pair.peer)
        try await Task.sleep(for: .milliseconds(20))
        #expect(
            try await pair.loop.wait(for: .read, on: pair.watched, deadline: .now + .seconds(10)) == .ready)
    }

    @Test(arguments: EventLoopBackend.available)
    func timesOutAtTheDeadlineEvenWhenALaterOneWasSetFirst(backend: EventLoopBackend) async throws {
        let late = try Pair(backend)
        let early = try Pair(backend)
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

    @Test(arguments: EventLoopBackend.available)
    func interruptsTheCurrentAndEveryLaterWait(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        async let first = pair.loop.wait(for: .read, on: pair.watched, deadline: nil)
        try await Task.sleep(for: .milliseconds(20))
        pair.loop.interrupt(pair.watched)
        #expect(try await first == .interrupted)
        #expect(try await pair.loop.wait(for: .write, on: pair.watched, deadline: nil) == .interrupted)
    }

    @Test(arguments: EventLoopBackend.available)
    func endsAWaitWithCancellationError(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        let waiting = Task { try await pair.loop.wait(for: .read, on: pair.watched, deadline: nil) }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test(arguments: EventLoopBackend.available)
    func refusesToWaitOnAnUnregisteredSocket(backend: EventLoopBackend) async throws {
        let loop = try EventLoop.shared(backend)
        await #expect(throws: ServerError.self) { try await loop.wait(for: .read, on: 99_999, deadline: nil) }
    }

    @Test(arguments: EventLoopBackend.available)
    func sleepsUntilTheDeadlineOnly(backend: EventLoopBackend) async throws {
        let loop = try EventLoop.shared(backend)
        let start = ContinuousClock.now
        try await loop.sleep(until: start + .milliseconds(50))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        try await loop.sleep(until: start)  // a passed deadline returns at once
    }

    @Test(arguments: EventLoopBackend.available)
    func endsASleepWithCancellationError(backend: EventLoopBackend) async throws {
        let loop = try EventLoop.shared(backend)
        let sleeping = Task { try await loop.sleep(until: .now + .seconds(30)) }
        try await Task.sleep(for: .milliseconds(20))
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
    }

    @Test(arguments: EventLoopBackend.available)
    func runsOnTheBackEndItWasAskedFor(backend: EventLoopBackend) throws {
        #expect(try EventLoop.shared(backend).kind == backend)
    }

    /// `HTTPKIT_EVENT_LOOP` chooses the loop of the shared default (how a whole suite runs on poll).
    @Test func theDefaultLoopIsTheOneTheEnvironmentNames() throws {
        #expect(try EventLoop.shared().kind == EventLoopBackend.selected())
    }
}
