import HTTPKit
import HTTPKitServer
import Testing
import TimeKitTesting

/// Every behaviour of the loop, on every back end this platform has (epoll and poll on Linux,
/// kqueue and poll on Darwin).
@Suite struct EventLoopTests {
    /// A connected pair of non-blocking sockets, the first registered with the loop of a back end.
    private struct Pair {
        let loop: EventLoop
        let watched: Int32
        let peer: Int32

        init(_ backend: EventLoopBackend) throws {
            try self.init(on: EventLoop.shared(backend))
        }

        init(on loop: EventLoop) throws {
            let (watched, peer) = try SocketPair.make()
            self.loop = loop
            self.watched = watched
            self.peer = peer
            try loop.register(watched)
        }

        /// Consumes the readiness left over from registration, so the next wait really waits.
        func drainInitialReadiness() async throws {
            _ = try await loop.wait(for: .read, on: watched, deadline: loop.clock.now())
        }

        /// Returns once a task waits on the watched socket for `interest`.
        func waitUntilParked(for interest: EventLoop.Interest = .read) async {
            let watched = watched
            await loop.waitUntil { $0.isParked(on: watched, for: interest) }
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
        await pair.waitUntilParked()
        SocketPair.send("x", to: pair.peer)
        #expect(try await readiness == .ready)
    }

    @Test(arguments: EventLoopBackend.available)
    func remembersAnEdgeThatArrivedBeforeTheWait(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        SocketPair.send("x", to: pair.peer)
        if pair.loop.reportsEdgesWithoutWaiters {
            // The loop has taken the edge in while nobody waited.
            let watched = pair.watched
            await pair.loop.waitUntil { $0.isReady(watched, for: .read) }
        }
        #expect(
            try await pair.loop.wait(for: .read, on: pair.watched, deadline: .now + .seconds(10)) == .ready)
    }

    /// On a manual clock: the early deadline passes while the later one, set first, does not.
    @Test(arguments: EventLoopBackend.available)
    func timesOutAtTheDeadlineEvenWhenALaterOneWasSetFirst(backend: EventLoopBackend) async throws {
        let time = ManualClock()
        let loop = try EventLoop(backend, clock: time.clock)
        let late = try Pair(on: loop)
        let early = try Pair(on: loop)
        defer {
            late.close()
            early.close()
        }
        try await late.drainInitialReadiness()
        try await early.drainInitialReadiness()
        let start = time.now
        async let lateWait = loop.wait(for: .read, on: late.watched, deadline: start + .seconds(3))
        await late.waitUntilParked()
        async let earlyWait = loop.wait(for: .read, on: early.watched, deadline: start + .milliseconds(50))
        await early.waitUntilParked()
        time.advance(by: .milliseconds(50))
        #expect(try await earlyWait == .timedOut)
        #expect(loop.withSnapshot { $0.isParked(on: late.watched, for: .read) })
        loop.interrupt(late.watched)
        #expect(try await lateWait == .interrupted)
    }

    @Test(arguments: EventLoopBackend.available)
    func interruptsTheCurrentAndEveryLaterWait(backend: EventLoopBackend) async throws {
        let pair = try Pair(backend)
        defer { pair.close() }
        try await pair.drainInitialReadiness()
        async let first = pair.loop.wait(for: .read, on: pair.watched, deadline: nil)
        await pair.waitUntilParked()
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
        await pair.waitUntilParked()
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
    func sleepsOnAManualClockUntilItIsAdvancedToTheDeadline(backend: EventLoopBackend) async throws {
        let time = ManualClock()
        let loop = try EventLoop(backend, clock: time.clock)
        let deadline = time.now + .seconds(30)
        async let sleeping: Void = loop.sleep(until: deadline)
        await loop.waitUntil { $0.hasWait(until: deadline) }
        time.advance(by: .seconds(29))
        #expect(loop.withSnapshot { $0.hasWait(until: deadline) })
        time.advance(by: .seconds(1))
        try await sleeping
    }

    /// On a manual clock, so the sleep parks for certain and its deadline is known.
    @Test(arguments: EventLoopBackend.available)
    func endsASleepWithCancellationError(backend: EventLoopBackend) async throws {
        let time = ManualClock()
        let loop = try EventLoop(backend, clock: time.clock)
        let deadline = time.now + .seconds(30)
        let sleeping = Task { try await loop.sleep(until: deadline) }
        await loop.waitUntil { $0.hasWait(until: deadline) }
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
