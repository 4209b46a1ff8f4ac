import Foundation
import Testing
import TimeKitTesting

@testable import ESModels

/// Retries, errors and transport failures of HTTPSearchBackend, over loopback.
@Suite struct HTTPSearchBackendFailureTests {
    private func backend(_ url: URL, attempts: Int = 3, timeout: Duration = .seconds(5)) -> HTTPSearchBackend
    {
        HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, requestTimeout: timeout,
                retry: RetryPolicy(
                    maxAttempts: attempts, initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(50))))
    }

    private static let unavailable = ElasticsearchError(
        type: "cluster_block_exception", reason: "blocked by: [SERVICE_UNAVAILABLE/1/state not recovered];",
        status: 503)

    /// Answers `failures` with `failure`, then with `success`.
    private static func failing(
        _ failures: Int, with failure: LoopbackServer.Reply, then success: LoopbackServer.Reply
    )
        -> LoopbackServer.Handler
    {
        let counter = Counter()
        return { _ in counter.next() <= failures ? failure : success }
    }

    @Test(arguments: [429, 502, 503, 504])
    func retriesOverloadAnswersUntilSuccess(status: Int) async throws {
        let handler = Self.failing(
            2, with: .json(status, ElasticsearchError(type: "x", reason: "busy", status: status).json),
            then: .json(200, #"{"acknowledged": true}"#))
        let server = try LoopbackServer(handler: handler)
        defer { server.stop() }
        let response = try await backend(server.baseURL).deleteIndex("i")
        #expect(response.acknowledged)
        #expect(server.requests.count == 3)
    }

    @Test func givesUpAfterMaxAttemptsWithTheClustersError() async throws {
        let server = try LoopbackServer { _ in .json(503, Self.unavailable.json) }
        defer { server.stop() }
        await #expect(throws: Self.unavailable) {
            try await backend(server.baseURL, attempts: 4).deleteIndex("i")
        }
        #expect(server.requests.count == 4)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 500])
    func neverRetriesOtherErrors(status: Int) async throws {
        let error = ElasticsearchError(type: "some_exception", reason: "no", status: status)
        let server = try LoopbackServer { _ in .json(status, error.json) }
        defer { server.stop() }
        await #expect(throws: error) {
            try await backend(server.baseURL).search("i", request: SearchRequest())
        }
        #expect(server.requests.count == 1)
    }

    @Test func aProxyPageIsAnInvalidResponse() async throws {
        let html = LoopbackServer.Reply.respond(
            status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>Bad Gateway</html>".utf8))
        let server = try LoopbackServer { _ in html }
        defer { server.stop() }
        do {
            _ = try await backend(server.baseURL, attempts: 2).count("i", request: CountRequest())
            Issue.record("expected a failure")
        } catch let error as SearchTransportError {
            guard case .invalidResponse(_, let status, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(status == 502)
            #expect(reason == "body: <html>Bad Gateway</html>")
        }
        #expect(server.requests.count == 2)
    }

    @Test func honoursRetryAfterWithinTheCap() async throws {
        let handler = Self.failing(
            1,
            with: .json(
                429,
                ElasticsearchError(type: "es_rejected_execution_exception", reason: "queue full", status: 429)
                    .json, headers: ["Retry-After": "0.2"]),
            then: .json(200, #"{"acknowledged": true}"#))
        let server = try LoopbackServer(handler: handler)
        defer { server.stop() }
        let configuration = HTTPSearchBackendConfiguration(
            baseURL: server.baseURL,
            retry: RetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(10), maxBackoff: .seconds(1)))
        // The back-off is on the backend's clock: the test moves it and sees the second attempt
        // wait for the 200 ms the cluster asked for, not the 10 ms of the policy.
        let time = ManualClock()
        let backend = HTTPSearchBackend(configuration: configuration, clock: time.clock)
        let deletion = Task { try await backend.deleteIndex("i") }
        await time.waitForSleepers(1)
        time.advance(by: .milliseconds(199))
        #expect(time.sleeperCount == 1, "still waiting for Retry-After")
        #expect(server.requests.count == 1)
        time.advance(by: .milliseconds(1))
        let response = try await deletion.value
        #expect(response.acknowledged)
        #expect(server.requests.count == 2)
    }

    @Test func retriesDroppedConnectionsThenReportsTheClusterUnreachable() async throws {
        do {
            let server = try LoopbackServer { _ in .dropConnection }
            defer { server.stop() }
            do {
                _ = try await backend(server.baseURL, attempts: 2).refreshAll()
                Issue.record("expected a failure")
            } catch let error as SearchTransportError {
                guard case .unreachable = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            #expect(server.requests.count == 2)
        }
        let recovered = Self.failing(1, with: .dropConnection, then: .json(200, #"{"acknowledged": true}"#))
        do {
            let server = try LoopbackServer(handler: recovered)
            defer { server.stop() }
            let response = try await backend(server.baseURL).deleteIndex("i")
            #expect(response.acknowledged)
        }
    }

    @Test func connectionRefusedIsUnreachable() async throws {
        let server = try LoopbackServer { _ in .dropConnection }
        let url = server.baseURL
        server.stop()
        await #expect(
            throws: SearchTransportError.unreachable(
                url: url.absoluteString + "/i", reason: "connection refused")
        ) {
            try await backend(url, attempts: 2).deleteIndex("i")
        }
    }

    @Test func slowAnswersTimeOut() async throws {
        let server = try LoopbackServer { _ in
            .unanswered
        }
        defer { server.stop() }
        let url = server.baseURL
        await #expect(
            throws: SearchTransportError.timedOut(url: url.absoluteString + "/i", after: .milliseconds(300))
        ) {
            try await backend(url, attempts: 2, timeout: .milliseconds(300)).deleteIndex("i")
        }
        #expect(server.requests.count == 2)
    }

    @Test func malformedSuccessBodiesAreInvalidResponses() async throws {
        do {
            let server = try LoopbackServer { _ in .json(200, #"{"took": 1}"#) }
            defer { server.stop() }
            await #expect(throws: SearchTransportError.self) {
                try await backend(server.baseURL).search("i", request: SearchRequest())
            }
        }
        do {
            let server = try LoopbackServer { _ in .json(200, "not json") }
            defer { server.stop() }
            await #expect(throws: SearchTransportError.self) {
                try await backend(server.baseURL).deleteIndex("i")
            }
        }
    }
}

/// A thread-safe counter for scripted handlers.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
