import Foundation
import Testing
import TimeKitTesting

@testable import ESModels

/// HTTPSearchBackend within a caller's ``SearchCallContext``: its request id reaches the cluster,
/// its deadline cuts attempts and retries; and search answers as the cluster's bytes.
@Suite struct SearchCallContextTests {
    private static let busy = LoopbackServer.Reply.json(
        503, ElasticsearchError(type: "cluster_block_exception", reason: "blocked", status: 503).json)

    @Test func theCallersRequestIDIsSentAsXOpaqueId() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"acknowledged": true}"#) }
        defer { server.stop() }
        let backend = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(baseURL: server.baseURL))
        _ = try await SearchCallContext.$current.withValue(SearchCallContext(requestID: "trace-7")) {
            try await backend.deleteIndex("i")
        }
        _ = try await backend.deleteIndex("j")
        #expect(server.requests.map { $0.headers["x-opaque-id"] } == ["trace-7", nil])
    }

    @Test func noRetryStartsThatWouldEndAfterTheDeadline() async throws {
        let server = try LoopbackServer { _ in Self.busy }
        defer { server.stop() }
        let time = ManualClock()
        let backend = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: server.baseURL,
                retry: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(100))),
            clock: time.clock)
        let context = SearchCallContext(deadline: time.clock.now() + .milliseconds(50))
        await #expect(throws: ElasticsearchError.self) {
            try await SearchCallContext.$current.withValue(context) { try await backend.deleteIndex("i") }
        }
        #expect(server.requests.count == 1, "the 100 ms back-off would end past the deadline")
        #expect(time.sleeperCount == 0)
    }

    @Test func anAttemptIsCutToTheTimeLeftAndNotRetriedAfterIt() async throws {
        // Real time, as the socket's waits are: a cluster that never answers, a 30 s timeout per
        // attempt, and a caller with a second left (a margin no busy machine eats before the
        // first attempt is sent).
        let server = try LoopbackServer { _ in .unanswered }
        defer { server.stop() }
        let backend = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: server.baseURL, requestTimeout: .seconds(30),
                retry: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(1))))
        let context = SearchCallContext(deadline: .now + .seconds(1))
        do {
            _ = try await SearchCallContext.$current.withValue(context) { try await backend.deleteIndex("i") }
            Issue.record("expected a timeout")
        } catch let error as SearchTransportError {
            guard case .timedOut(let url, let after) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(url == server.baseURL.absoluteString + "/i")
            #expect(after <= .seconds(1), "the attempt waited what was left, not 30 s")
        }
        #expect(server.requests.count == 1, "no attempt starts after the deadline")
    }

    @Test func aSearchAnswersWithTheClustersBytes() async throws {
        let body = #"{"took":1,"timed_out":false,"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}"#
        let server = try LoopbackServer { _ in .json(200, body) }
        defer { server.stop() }
        let backend: any SearchBackend = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(baseURL: server.baseURL))
        #expect(backend.honoursCallDeadlines)
        guard case .bytes(let data, let url) = try await backend.searchAnswer("i", request: SearchRequest())
        else {
            Issue.record("expected the answer's bytes")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == body)
        #expect(url == server.baseURL.absoluteString + "/i/_search")
    }
}
