import Foundation
import HTTPKit
import HTTPKitServerTesting
import Testing
import TimeKitTesting

@testable import ESModels

/// Retries, errors and transport failures of HTTPSearchBackend, over loopback.
@Suite struct HTTPSearchBackendFailureTests {
    private func backend(_ url: URL, attempts: Int = 3, timeout: Duration = unhurriedAttempt)
        -> HTTPSearchBackend
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
    private static func failing(_ failures: Int, with failure: Response, then success: Response)
        -> ClusterStandIn.Answer
    {
        let counter = Counter()
        return { _ in counter.next() <= failures ? failure : success }
    }

    @Test(arguments: [429, 502, 503, 504])
    func retriesOverloadAnswersUntilSuccess(status: Int) async throws {
        let answer = Self.failing(
            2, with: .json(status, ElasticsearchError(type: "x", reason: "busy", status: status).json),
            then: .json(200, #"{"acknowledged": true}"#))
        try await withClusterStandIn(answering: answer) { cluster in
            let response = try await backend(cluster.baseURL).deleteIndex("i")
            #expect(response.acknowledged)
            #expect(cluster.requests.count == 3)
        }
    }

    @Test func givesUpAfterMaxAttemptsWithTheClustersError() async throws {
        try await withClusterStandIn(answering: { _ in .json(503, Self.unavailable.json) }) { cluster in
            await #expect(throws: Self.unavailable) {
                try await backend(cluster.baseURL, attempts: 4).deleteIndex("i")
            }
            #expect(cluster.requests.count == 4)
        }
    }

    @Test(arguments: [400, 401, 403, 404, 409, 500])
    func neverRetriesOtherErrors(status: Int) async throws {
        let error = ElasticsearchError(type: "some_exception", reason: "no", status: status)
        try await withClusterStandIn(answering: { _ in .json(status, error.json) }) { cluster in
            await #expect(throws: error) {
                try await backend(cluster.baseURL).search("i", request: SearchRequest())
            }
            #expect(cluster.requests.count == 1)
        }
    }

    @Test func aProxyPageIsAnInvalidResponse() async throws {
        let html = Response(
            status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>Bad Gateway</html>".utf8))
        try await withClusterStandIn(answering: { _ in html }) { cluster in
            do {
                _ = try await backend(cluster.baseURL, attempts: 2).count("i", request: CountRequest())
                Issue.record("expected a failure")
            } catch let error as SearchTransportError {
                guard case .invalidResponse(_, let status, let reason) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(status == 502)
                #expect(reason == "body: <html>Bad Gateway</html>")
            }
            #expect(cluster.requests.count == 2)
        }
    }

    @Test func honoursRetryAfterWithinTheCap() async throws {
        let answer = Self.failing(
            1,
            with: .json(
                429,
                ElasticsearchError(type: "es_rejected_execution_exception", reason: "queue full", status: 429)
                    .json, headers: ["Retry-After": "0.2"]),
            then: .json(200, #"{"acknowledged": true}"#))
        try await withClusterStandIn(answering: answer) { cluster in
            let configuration = HTTPSearchBackendConfiguration(
                baseURL: cluster.baseURL, requestTimeout: unhurriedAttempt,
                retry: RetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(10), maxBackoff: .seconds(1))
            )
            // The back-off is on the backend's clock: the test moves it and sees the second attempt
            // wait for the 200 ms the cluster asked for, not the 10 ms of the policy.
            let time = ManualClock()
            let backend = HTTPSearchBackend(configuration: configuration, clock: time.clock)
            let deletion = Task { try await backend.deleteIndex("i") }
            await time.waitForSleepers(1)
            time.advance(by: .milliseconds(199))
            #expect(time.sleeperCount == 1, "still waiting for Retry-After")
            #expect(cluster.requests.count == 1)
            time.advance(by: .milliseconds(1))
            let response = try await deletion.value
            #expect(response.acknowledged)
            #expect(cluster.requests.count == 2)
        }
    }

    @Test func retriesDroppedConnectionsThenReportsTheClusterUnreachable() async throws {
        do {
            let dropper = try ConnectionDropper()
            defer { dropper.stop() }
            do {
                _ = try await backend(dropper.baseURL, attempts: 2).refreshAll()
                Issue.record("expected a failure")
            } catch let error as SearchTransportError {
                guard case .unreachable = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            #expect(dropper.dropped == 2)
        }
        // The first connection is dropped, the retry's is answered by the cluster behind.
        try await withClusterStandIn(answering: { _ in .json(200, #"{"acknowledged": true}"#) }) { cluster in
            let dropper = try ConnectionDropper(dropping: 1, thenRelayingTo: cluster.address)
            defer { dropper.stop() }
            let response = try await backend(dropper.baseURL).deleteIndex("i")
            #expect(response.acknowledged)
            #expect(dropper.dropped == 1)
            #expect(cluster.requests.count == 1)
        }
    }

    @Test func connectionRefusedIsUnreachable() async throws {
        // The port of a cluster that has stopped: nothing listens there any more.
        let url = try await withClusterStandIn(answering: { _ in Response() }) { $0.baseURL }
        await #expect(
            throws: SearchTransportError.unreachable(
                url: url.absoluteString + "/i", reason: "connection refused")
        ) {
            try await backend(url, attempts: 2).deleteIndex("i")
        }
    }

    /// Should a regression send fewer attempts, the wait for the second would never end: the
    /// time limit reports that as a failure. It is not part of what is tested.
    @Test(.timeLimit(.minutes(1))) func slowAnswersTimeOut() async throws {
        try await withSilentClusterStandIn { cluster, gate in
            let url = cluster.baseURL
            await #expect(
                throws: SearchTransportError.timedOut(
                    url: url.absoluteString + "/i", after: .milliseconds(300))
            ) {
                try await backend(url, attempts: 2, timeout: .milliseconds(300)).deleteIndex("i")
            }
            // Both attempts were sent before they timed out; wait until the cluster has read both.
            await gate.waitForStarted(2)
            #expect(cluster.requests.count == 2)
        }
    }

    @Test func malformedSuccessBodiesAreInvalidResponses() async throws {
        try await withClusterStandIn(answering: { _ in .json(200, #"{"took": 1}"#) }) { cluster in
            await #expect(throws: SearchTransportError.self) {
                try await backend(cluster.baseURL).search("i", request: SearchRequest())
            }
        }
        try await withClusterStandIn(answering: { _ in .json(200, "not json") }) { cluster in
            await #expect(throws: SearchTransportError.self) {
                try await backend(cluster.baseURL).deleteIndex("i")
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
