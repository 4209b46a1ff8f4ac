import CLIKitTesting
import Catalogue
import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import HTTPKitClient
import HTTPKitServer
import HTTPKitServerTesting
import IntegrationFixtures
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Catalogue over HTTP to a real `es-embedded serve` process that an operator stops
/// (SIGSTOP) and resumes: every answer comes within the request's deadline, `/health/ready`
/// within a second, and the circuit breaker opens and closes.
@Suite(.serialized) struct StoreFaultTests {
    /// `es-embedded serve` on a free port, filled with `data` under a prefix, and a Catalogue
    /// reading it through the pooled HTTP client with a 500 ms budget per request.
    func withStoppableStore(
        _ data: FixtureData, breaker: CircuitBreaker.Configuration = .init(failureThreshold: 100),
        _ body: (ChildProcess, CatalogueApp, Application, InMemoryLogSink) async throws -> Void
    ) async throws {
        let server = try ChildProcess(BuiltProducts.executable("es-embedded"), ["serve", "--port", "0"])
        defer {
            server.signal(SIGCONT)
            server.signal(SIGKILL)
        }
        let line = try await server.line(containing: "es-embedded listening on ", timeout: .seconds(30))
        let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
        let configuration = HTTPSearchBackendConfiguration(baseURL: url)
        try await withFixtureEnvironment(data, store: .cluster(configuration)) { environment in
            let backend = try #require(
                ClusterSearchBackend(
                    configuration: configuration,
                    client: HTTPClient(configuration: HTTPClientConfiguration(readTimeout: .seconds(5)))))
            let catalogue = CatalogueApp(
                backend: backend, clock: environment.clock, monotonic: .continuous,
                configuration: CatalogueConfiguration(
                    indices: CatalogueIndices(prefix: environment.indexPrefix),
                    requestTimeout: .milliseconds(500), breaker: breaker))
            let logs = InMemoryLogSink()
            let application = catalogue.makeApplication(
                logger: Logger(label: "catalogue", sink: logs), logRequests: false)
            try await body(server, catalogue, application, logs)
            server.signal(SIGCONT)
        }
    }

    /// Stops `server` with SIGSTOP and waits (at most 2 s) until every one of its threads has
    /// stopped: on a busy machine a thread can still answer a request in the meantime.
    func stop(_ server: ChildProcess) async throws {
        server.signal(SIGSTOP)
        #if os(Linux)
            let tasks = "/proc/\(server.processIdentifier)/task"
            let deadline = ContinuousClock.now + .seconds(2)
            while ContinuousClock.now < deadline {
                let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
                let states = threads.compactMap { thread -> Character? in
                    guard let stat = try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8),
                        let close = stat.lastIndex(of: ")")
                    else { return nil }
                    return stat[stat.index(close, offsetBy: 2)...].first
                }
                if !states.isEmpty && states.allSatisfy({ $0 == "T" || $0 == "t" }) { return }
                try await Task.sleep(for: .milliseconds(5))
            }
        #else
            try await Task.sleep(for: .milliseconds(100))
        #endif
    }

    /// `request`'s answer and how long it took.
    func timed(_ application: Application, _ path: String) async -> (Response, Duration) {
        let started = ContinuousClock.now
        let request = Request(method: .get, target: path, headers: ["Catalogue-Client": "android"])
        let response = await application.handle(request)
        let took = ContinuousClock.now - started
        for problem in CatalogueClient.validator.problems(
            method: .get, path: request.path, response: response)
        {
            Issue.record("the response does not match /openapi.json: \(problem)")
        }
        return (response, took)
    }

    @Test func aStoppedStoreGives503WithinTheDeadlineAndReadinessWithinASecond() async throws {
        try await withStoppableStore(FixtureData(assetflats: [["uuid": "uuid-1"]])) {
            server, _, application, logs in
            let (before, _) = await timed(application, "/catalogue/by_id?id[]=uuid-1")
            #expect(before.status == .ok)
            try await stop(server)
            let (stopped, took) = await timed(application, "/catalogue/by_id?id[]=uuid-2")
            #expect(stopped.status == .serviceUnavailable, "took \(took): \(stopped)")
            #expect(stopped.headers["Retry-After"] == "1")
            #expect(stopped.errorMessage == "the search store did not answer in time; try again later")
            #expect(took < .milliseconds(1500), "the 500 ms budget bounds the answer (took \(took))")
            let (ready, readyTook) = await timed(application, "/health/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(
                readyTook < .milliseconds(1600), "readiness answers within about a second (took \(readyTook))"
            )
            #expect(
                (try? ready.json)?["reasons"] == [
                    "the search store did not answer within the readiness timeout"
                ])
            let (live, _) = await timed(application, "/health/live")
            #expect(live.status == .ok)
            #expect(
                logs.records.contains { $0.level == .error && $0.message.contains("search store timed out") })
            server.signal(SIGCONT)
            let (after, _) = await timed(application, "/catalogue/by_id?id[]=uuid-1")
            #expect(after.status == .ok)
            #expect((await timed(application, "/health/ready")).0.status == .ok)
        }
    }

    @Test func theBreakerOpensAfterRepeatedFailuresAndAProbeClosesIt() async throws {
        let breaker = CircuitBreaker.Configuration(failureThreshold: 2, openDuration: .milliseconds(700))
        try await withStoppableStore(FixtureData(assetflats: [["uuid": "uuid-1"]]), breaker: breaker) {
            server, catalogue, application, _ in
            try await stop(server)
            for _ in 0..<2 {
                #expect((await timed(application, "/catalogue/assets")).0.status == .serviceUnavailable)
            }
            #expect(catalogue.breaker.state == .open)
            let (refused, took) = await timed(application, "/catalogue/assets")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorMessage?.contains("is not being asked for now") == true)
            #expect(took < .milliseconds(250), "an open breaker answers at once (took \(took))")
            #expect(refused.headers["Retry-After"] == "1")
            server.signal(SIGCONT)
            try await Task.sleep(for: .milliseconds(800))
            #expect(catalogue.breaker.state == .halfOpen)
            let (probe, _) = await timed(application, "/catalogue/assets")
            #expect(probe.status == .ok)
            #expect(catalogue.breaker.state == .closed)
        }
    }

    @Test func aRefusedConnectionIs503WithTheReasonLogged() async throws {
        let closed = try await Application(router: Router()).withLiveServer { $0.address }
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)"))
        let backend = try #require(
            ClusterSearchBackend(
                configuration: HTTPSearchBackendConfiguration(baseURL: url), client: HTTPClient()))
        let logs = InMemoryLogSink()
        let application = CatalogueApp(backend: backend, clock: Fixtures.clock, monotonic: .continuous)
            .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        let (response, _) = await timed(application, "/catalogue/promos")
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "5")
        #expect(
            logs.records.contains {
                $0.level == .error && $0.message.contains("search store unavailable")
                    && $0.message.lowercased().contains("refused")
            })
    }

    @Test(arguments: [429, 503])
    func aStoreAnsweringOverloadedIs503WithTheReasonLogged(status: Int) async throws {
        let calls = CallCounter()
        let router = Router()
        router.post("/{index}/_search") { _, _ in
            calls.increment()
            let body =
                #"{"error":{"type":"es_rejected_execution_exception","reason":"queue full"},"status":\#(status)}"#
            return Response(
                status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"],
                body: Data(body.utf8))
        }
        router.post("/{index}/_count") { _, _ in Response(status: HTTPStatus(code: status)) }
        try await Application(router: router, logger: Logger(label: "stand-in", level: .critical))
            .withLiveServer {
                server in
                let url = try #require(URL(string: "http://127.0.0.1:\(server.address.port)"))
                let client = HTTPClient(
                    configuration: HTTPClientConfiguration(
                        retry: HTTPClientRetryPolicy(initialBackoff: .milliseconds(5))))
                let backend = try #require(
                    ClusterSearchBackend(
                        configuration: HTTPSearchBackendConfiguration(baseURL: url), client: client))
                let logs = InMemoryLogSink()
                let application = CatalogueApp(
                    backend: backend, clock: Fixtures.clock, monotonic: .continuous
                )
                .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
                let (response, _) = await timed(application, "/catalogue/promos")
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers["Retry-After"] == "5")
                #expect(calls.count == 3, "a search is idempotent: tried three times")
                #expect(
                    logs.records.contains {
                        $0.level == .error && $0.message.contains("search store overloaded")
                            && $0.message.contains("queue full")
                    })
            }
    }

    @Test func aStoreClosingConnectionsMidResponseIs503WithTheReasonLogged() async throws {
        let store = try ClosingStore()
        defer { store.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(store.port)"))
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(
                retry: HTTPClientRetryPolicy(initialBackoff: .milliseconds(5))))
        let backend = try #require(
            ClusterSearchBackend(configuration: HTTPSearchBackendConfiguration(baseURL: url), client: client))
        let logs = InMemoryLogSink()
        let application = CatalogueApp(backend: backend, clock: Fixtures.clock, monotonic: .continuous)
            .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        let (response, _) = await timed(application, "/catalogue/promos")
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "5")
        #expect(store.connections == 3, "a search is idempotent: tried three times, each on a new connection")
        #expect(
            logs.records.contains {
                $0.level == .error && $0.message.contains("search store unavailable")
                    && $0.message.contains("closed the connection before a whole response arrived")
            })
    }

    @Test func theRequestIDReachesTheStoreAsXOpaqueId() async throws {
        let seen = Mutex<[String]>([])
        let router = Router()
        router.post("/{index}/_search") { request, _ in
            seen.withLock { $0.append(request.headers["X-Opaque-Id"] ?? "(none)") }
            let body = #"{"took":1,"timed_out":false,"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}"#
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        try await Application(router: router, logger: Logger(label: "stand-in", level: .critical))
            .withLiveServer {
                server in
                let url = try #require(URL(string: "http://127.0.0.1:\(server.address.port)"))
                let backend = try #require(
                    ClusterSearchBackend(
                        configuration: HTTPSearchBackendConfiguration(baseURL: url), client: HTTPClient()))
                let application = CatalogueApp(
                    backend: backend, clock: Fixtures.clock, monotonic: .continuous
                )
                .makeApplication(logger: Logger(label: "catalogue", level: .critical), logRequests: false)
                let response = await application.handle(
                    Request(method: .get, path: "/catalogue/promos", headers: ["X-Request-ID": "trace-7"]))
                #expect(response.status == .ok)
                #expect(response.headers["X-Request-Id"] == "trace-7")
                #expect(seen.withLock { $0 } == ["trace-7"])
            }
    }
}

final class CallCounter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
