import Foundation
import HTTPKit
import HTTPKitClient
import HTTPKitServer
import HTTPKitServerTesting
import Synchronization
import Testing
import TimeKitTesting

/// The client against the real server on loopback.
@Suite struct HTTPClientTests {
    @Test func reusesOneKeptAliveConnectionForSequentialRequests() async throws {
        let client = HTTPClient()
        try await withServer(router: makeRouter()) { server in
            for index in 0..<20 {
                let response = try await client.execute(
                    Request(method: .get, path: "/echo/\(index)"), to: server.address,
                    deadline: .now + .seconds(5))
                #expect(response.status == .ok)
                #expect(response.bodyText == "GET \(index)")
            }
            #expect(client.openConnections(to: server.address) == 1)
            #expect(server.connectionCount == 1)
        }
    }

    @Test func sendsBodiesWithTheirLength() async throws {
        let client = HTTPClient()
        try await withServer(router: makeRouter()) { server in
            let body = Data(String(repeating: "0123456789", count: 20_000).utf8)
            let response = try await client.execute(
                Request(method: .post, path: "/body", headers: ["Content-Type": "text/plain"], body: body),
                to: server.address, deadline: .now + .seconds(5))
            #expect(response.status == .ok)
            #expect(response.body == body)
        }
    }

    @Test func opensNoMoreConnectionsThanThePoolLimit() async throws {
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 3))
        let peak = PeakCounter()
        let gate = HandlerGate()
        try await withServer(router: makeRouter(peak: peak, gate: gate)) { server in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await client.execute(
                            Request(method: .get, path: "/gated"), to: server.address,
                            deadline: .now + .seconds(60)
                        ).status.code
                    }
                }
                // Three requests reach the handler and are held there; the other nine wait for
                // one of the three connections.
                await gate.waitForStarted(3)
                #expect(peak.current == 3)
                gate.open()
                for try await status in group { #expect(status == 200) }
            }
            #expect(peak.peak == 3)
            #expect(client.openConnections(to: server.address) <= 3)
        }
    }

    @Test func aSlowAnswerEndsWithTheReadTimeout() async throws {
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(readTimeout: .milliseconds(200), retry: .none))
        // The handler never answers before the gate opens, so only the timeout can end the call.
        let gate = HandlerGate()
        try await withServer(router: makeRouter(gate: gate)) { server in
            let started = ContinuousClock.now
            await #expect(
                throws: HTTPClientError.timedOut(
                    address: server.address.description, phase: "waiting for the response")
            ) {
                try await client.execute(
                    Request(method: .get, path: "/gated"), to: server.address,
                    deadline: .now + .seconds(60))
            }
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            gate.open()
        }
    }

    @Test func theDeadlineBoundsEveryAttemptAndRetry() async throws {
        let client = HTTPClient(configuration: HTTPClientConfiguration(readTimeout: .seconds(30)))
        let gate = HandlerGate()
        try await withServer(router: makeRouter(gate: gate)) { server in
            let started = ContinuousClock.now
            await #expect(throws: HTTPClientError.deadlineExceeded(address: server.address.description)) {
                try await client.execute(
                    Request(method: .get, path: "/gated"), to: server.address,
                    deadline: .now + .milliseconds(300))
            }
            // Far below the 30 s read timeout: the deadline ended the call.
            #expect(ContinuousClock.now - started < .seconds(25))
            gate.open()
        }
    }

    @Test func aRefusedConnectionIsAConnectFailure() async throws {
        let closed = try await Application(router: Router()).withLiveServer { server in server.address }
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(
                retry: HTTPClientRetryPolicy(initialBackoff: .milliseconds(1))))
        do {
            _ = try await client.execute(
                Request(method: .post, path: "/"), to: closed, deadline: .now + .seconds(5))
            Issue.record("a closed port answered")
        } catch {
            guard case .connectFailed(let address, _) = error else {
                Issue.record("expected a connect failure, got \(error)")
                return
            }
            #expect(address == closed.description)
        }
    }

    @Test func retriesAnIdempotentRequestOnOverloadAndSucceeds() async throws {
        let calls = CallCount()
        let router = Router()
        overloaded(router, calls: calls, failing: 2, then: "finally")
        router.post("/flaky") { _, _ in
            _ = calls.next()
            return Response(status: .serviceUnavailable)
        }
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(
                retry: HTTPClientRetryPolicy(initialBackoff: .milliseconds(2))),
            random: { 0.5 })
        try await withServer(router: router) { server in
            let response = try await client.execute(
                Request(method: .get, path: "/flaky"), to: server.address, deadline: .now + .seconds(5))
            #expect(response.bodyText == "finally")
            #expect(calls.value == 3)
            calls.reset()
            let post = try await client.execute(
                Request(method: .post, path: "/flaky"), to: server.address, deadline: .now + .seconds(5))
            #expect(post.status == .serviceUnavailable)
            #expect(calls.value == 1)
            calls.reset()
            let search = try await client.execute(
                Request(method: .post, path: "/flaky"), to: server.address, deadline: .now + .seconds(5),
                idempotent: true)
            #expect(search.status == .serviceUnavailable)
            #expect(calls.value == 3)
        }
    }

    @Test func theBackoffBetweenAttemptsIsOnTheClientsClock() async throws {
        let calls = CallCount()
        let router = Router()
        overloaded(router, calls: calls, failing: 1, then: "second")
        let time = ManualClock()
        // Thirty seconds of back-off: on the real clock this test would take that long.
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(
                retry: HTTPClientRetryPolicy(initialBackoff: .seconds(30), maxBackoff: .seconds(30))),
            clock: time.clock, random: { 1 })
        try await withServer(router: router) { server in
            let answer = Task {
                try await client.execute(
                    Request(method: .get, path: "/flaky"), to: server.address,
                    deadline: time.now + .seconds(120))
            }
            await time.waitForSleepers(1)
            #expect(calls.value == 1)
            time.advance(by: .seconds(29))
            #expect(time.sleeperCount == 1, "the back-off is not over yet")
            time.advance(by: .seconds(1))
            let response = try await answer.value
            #expect(response.bodyText == "second")
            #expect(calls.value == 2)
        }
    }

    @Test func aCallWaitingForAPooledConnectionGivesUpAtItsDeadlineOnTheClientsClock() async throws {
        let time = ManualClock()
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(maxConnectionsPerHost: 1), clock: time.clock)
        let gate = HandlerGate()
        try await withServer(router: makeRouter(gate: gate)) { server in
            let holder = Task {
                try await client.execute(
                    Request(method: .get, path: "/gated"), to: server.address,
                    deadline: time.now + .seconds(600))
            }
            await gate.waitForStarted(1)
            let waiter = Task {
                try await client.execute(
                    Request(method: .get, path: "/echo/2"), to: server.address,
                    deadline: time.now + .seconds(5))
            }
            // The second call waits for the only connection, with a timer at its deadline.
            await time.waitForSleepers(1)
            time.advance(by: .seconds(5))
            await #expect(throws: HTTPClientError.deadlineExceeded(address: server.address.description)) {
                try await waiter.value
            }
            gate.open()
            let held = try await holder.value
            #expect(held.status == .ok)
            #expect(client.openConnections(to: server.address) == 1)
        }
    }

    @Test func replacesAConnectionTheServerClosedWhileIdle() async throws {
        let client = HTTPClient()
        let configuration = ServerConfiguration(idleTimeout: .milliseconds(100))
        // The server's idle timeout passes when the test moves its clock.
        let time = ManualClock()
        let loop = try EventLoop(EventLoopBackend.selected(), clock: time.clock)
        try await withServer(router: makeRouter(), configuration: configuration, on: loop) { server in
            let first = try await client.execute(
                Request(method: .get, path: "/echo/1"), to: server.address, deadline: .now + .seconds(5))
            #expect(first.status == .ok)
            let idleEnd = time.now + .milliseconds(100)
            await loop.waitUntil { $0.hasWait(until: idleEnd) }
            time.advance(to: idleEnd)
            await server.waitUntilNoConnections()
            #expect(client.openConnections(to: server.address) == 1, "the client still holds the closed one")
            let second = try await client.execute(
                Request(method: .post, path: "/body", body: Data("x".utf8)), to: server.address,
                deadline: .now + .seconds(5))
            #expect(second.bodyText == "x")
        }
    }

    @Test func httpsIsLeftToURLSession() async throws {
        let client = HTTPClient()
        let url = try #require(URL(string: "https://127.0.0.1:9200"))
        await #expect(throws: HTTPClientError.unsupportedScheme("https")) {
            try await client.execute(
                Request(method: .get, path: "/"), baseURL: url, deadline: .now + .seconds(1))
        }
    }
}

@Suite struct HTTPClientRetryPolicyTests {
    @Test func backoffGrowsWithEqualJitterAndStaysUnderTheCap() {
        let policy = HTTPClientRetryPolicy(initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(300))
        #expect(policy.backoff(afterAttempt: 1, unit: 0) == .milliseconds(50))
        #expect(policy.backoff(afterAttempt: 1, unit: 1) == .milliseconds(100))
        #expect(policy.backoff(afterAttempt: 2, unit: 0.5) == .milliseconds(150))
        #expect(policy.backoff(afterAttempt: 5, unit: 1) == .milliseconds(300))
        #expect(policy.backoff(afterAttempt: 1, retryAfter: .seconds(5), unit: 0) == .milliseconds(300))
    }
}

/// The most requests in flight at once on the server.
final class PeakCounter: Sendable {
    private let state = Mutex((current: 0, peak: 0))

    func enter() {
        state.withLock {
            $0.current += 1
            $0.peak = max($0.peak, $0.current)
        }
    }

    func leave() {
        state.withLock { $0.current -= 1 }
    }

    var peak: Int { state.withLock { $0.peak } }
    var current: Int { state.withLock { $0.current } }
}

/// How many requests a route answered.
final class CallCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more and returns the new count.
    func next() -> Int {
        count.withLock { count -> Int in
            count += 1
            return count
        }
    }

    /// The count now.
    var value: Int { count.withLock { $0 } }

    /// Starts again from zero.
    func reset() { count.withLock { $0 = 0 } }
}

/// `GET /flaky`: 503 for the first `failing` calls, then `text`.
func overloaded(_ router: Router, calls: CallCount, failing: Int, then text: String) {
    router.get("/flaky") { _, _ in
        calls.next() <= failing ? Response(status: .serviceUnavailable) : .text(text)
    }
}

/// The client tests' routes; `/gated` answers once `gate` opens.
func makeRouter(peak: PeakCounter? = nil, gate: HandlerGate? = nil) -> Router {
    let router = Router()
    router.get("/echo/{value}") { request, context in
        .text("\(request.method) \(try context.parameters.require("value"))")
    }
    router.post("/body") { request, _ in Response(status: .ok, body: request.body) }
    if let gate {
        router.get("/gated") { _, _ in
            peak?.enter()
            defer { peak?.leave() }
            try await gate.pass()
            return .text("passed the gate")
        }
    }
    return router
}

func withServer<Value>(
    router: Router, configuration: ServerConfiguration = ServerConfiguration(), on loop: EventLoop? = nil,
    _ body: (HTTPServer) async throws -> Value
) async throws -> Value {
    try await Application(
        router: router, configuration: configuration, logger: Logger(label: "test", level: .critical)
    ).withLiveServer(on: loop, body)
}
