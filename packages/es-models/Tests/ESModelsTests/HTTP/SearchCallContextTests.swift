import Foundation
import HTTPKit
import HTTPKitServerTesting
import Testing
import TimeKitTesting

@testable import ESModels

/// HTTPSearchBackend within a caller's ``SearchCallContext``: its request id reaches the cluster,
/// its deadline cuts attempts and retries; and search answers as the cluster's bytes.
@Suite struct SearchCallContextTests {
    private static let busy = Response.json(
        503, ElasticsearchError(type: "cluster_block_exception", reason: "blocked", status: 503).json)

    @Test func theCallersRequestIDIsSentAsXOpaqueId() async throws {
        try await withClusterStandIn(answering: { _ in .json(200, #"{"acknowledged": true}"#) }) { cluster in
            let backend = HTTPSearchBackend(
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: cluster.baseURL, requestTimeout: unhurriedAttempt))
            _ = try await SearchCallContext.$current.withValue(SearchCallContext(requestID: "trace-7")) {
                try await backend.deleteIndex("i")
            }
            _ = try await backend.deleteIndex("j")
            #expect(cluster.requests.map { $0.headers["x-opaque-id"] } == ["trace-7", nil])
        }
    }

    @Test func noRetryStartsThatWouldEndAfterTheDeadline() async throws {
        try await withClusterStandIn(answering: { _ in Self.busy }) { cluster in
            // The deadline also bounds the attempt's wait for the answer, which is in real time:
            // ten minutes is far enough for any machine (30 s was not, on one whose cooperative
            // threads other tests kept busy), the back-off longer still.
            let time = ManualClock()
            let backend = HTTPSearchBackend(
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: cluster.baseURL, requestTimeout: unhurriedAttempt,
                    retry: RetryPolicy(
                        maxAttempts: 3, initialBackoff: .seconds(3600), maxBackoff: .seconds(3600))
                ),
                clock: time.clock)
            let context = SearchCallContext(deadline: time.clock.now() + .seconds(600))
            await #expect(throws: ElasticsearchError.self) {
                try await SearchCallContext.$current.withValue(context) { try await backend.deleteIndex("i") }
            }
            #expect(cluster.requests.count == 1, "the hour-long back-off would end past the deadline")
            #expect(time.sleeperCount == 0)
        }
    }

    /// Should the request never reach the cluster, the wait for it would never end: the time
    /// limit reports that as a failure. It is not part of what is tested.
    @Test(.timeLimit(.minutes(1))) func anAttemptIsCutToTheTimeLeftAndNotRetriedAfterIt() async throws {
        // Real time, as the socket's waits are: a cluster that never answers (each request waits
        // at the gate until the test's end), a 30 s timeout per attempt, and a caller with a
        // second left (a margin no busy machine eats before the first attempt is sent).
        try await withSilentClusterStandIn { cluster, gate in
            let backend = HTTPSearchBackend(
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: cluster.baseURL, requestTimeout: .seconds(30),
                    retry: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(1))))
            let context = SearchCallContext(deadline: .now + .seconds(1))
            do {
                _ = try await SearchCallContext.$current.withValue(context) {
                    try await backend.deleteIndex("i")
                }
                Issue.record("expected a timeout")
            } catch let error as SearchTransportError {
                guard case .timedOut(let url, let after) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(url == cluster.baseURL.absoluteString + "/i")
                #expect(after <= .seconds(1), "the attempt waited what was left, not 30 s")
            }
            // The attempt was sent before it timed out; wait until the cluster has read it.
            await gate.waitForStarted(1)
            #expect(cluster.requests.count == 1, "no attempt starts after the deadline")
        }
    }

    @Test func aSearchAnswersWithTheClustersBytes() async throws {
        let body = #"{"took":1,"timed_out":false,"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}"#
        try await withClusterStandIn(answering: { _ in .json(200, body) }) { cluster in
            let backend: any SearchBackend = HTTPSearchBackend(
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: cluster.baseURL, requestTimeout: unhurriedAttempt))
            #expect(backend.honoursCallDeadlines)
            guard
                case .bytes(let data, let url) = try await backend.searchAnswer("i", request: SearchRequest())
            else {
                Issue.record("expected the answer's bytes")
                return
            }
            #expect(String(decoding: data, as: UTF8.self) == body)
            #expect(url == cluster.baseURL.absoluteString + "/i/_search")
        }
    }
}
