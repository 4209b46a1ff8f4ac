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
import TimeKitTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Catalogue over HTTP to a real `es-embedded serve` process that an operator stops
/// (SIGSTOP) and resumes: every answer comes at the request's deadline, `/health/ready` at its
/// timeout, and the circuit breaker opens and closes, all on a clock the test moves.
@Suite(.serialized) struct StoreFaultTests {
    /// `es-embedded serve` on a free port, filled with `data` under a prefix, and a Catalogue
    /// reading it through the pooled HTTP client with a 500 ms budget per request on `time`.
    ///
    /// The client's own read timeout is a minute of real time, a backstop only: the stopped
    /// store's calls end when the test moves `time` past their deadline.
    func withStoppableStore(
        _ data: FixtureData, breaker: CircuitBreaker.Configuration = .init(failureThreshold: 100),
        _ body: (ChildProcess, CatalogueApp, Application, InMemoryLogSink, ManualClock) async throws -> Void
    ) async throws {
        let server = try ChildProcess(BuiltProducts.executable("es-embedded"), ["serve", "--port", "0"])
        defer {
            server.signal(SIGCONT)
            server.signal(SIGKILL)
        }
        let line = try await server.line(containing: "es-embedded listening on ", timeout: .seconds(60))
        let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
        let configuration = HTTPSearchBackendConfiguration(baseURL: url)
        try await withFixtureEnvironment(data, store: .cluster(configuration)) { environment in
            var configuration = configuration
            configuration.requestTimeout = .seconds(60)
            let backend = HTTPSearchBackend(configuration: configuration)
            let time = ManualClock()
            let catalogue = CatalogueApp(
                backend: backend, clock: environment.clock, monotonic: time.clock,
                configuration: CatalogueConfiguration(
                    indices: CatalogueIndices(prefix: environment.indexPrefix),
                    requestTimeout: .milliseconds(500), breaker: breaker))
            let logs = InMemoryLogSink()
            let application = catalogue.makeApplication(
                logger: Logger(label: "catalogue", sink: logs), logRequests: false)
            try await body(server, catalogue, application, logs, time)
            server.signal(SIGCONT)
        }
    }

    /// Stops `server` with SIGSTOP and returns once the kernel reports it stopped, that is once
    /// every one of its threads has: until then a thread of a busy machine can still answer.
    func stop(_ server: ChildProcess, sourceLocation: SourceLocation = #_sourceLocation) async {
        server.signal(SIGSTOP)
        let process = id_t(server.processIdentifier)
        // A real process: its parent is told when the stop is complete (WNOWAIT leaves the
        // report, and any exit, to Foundation's own wait). The wait blocks, so it has a thread.
        let stopped = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                var info = siginfo_t()
                var outcome: Int32
                repeat {
                    outcome = waitid(P_PID, process, &info, WSTOPPED | WEXITED | WNOWAIT)
                } while outcome == -1 && errno == EINTR
                continuation.resume(returning: outcome == 0 && Int(info.si_code) == Int(CLD_STOPPED))
            }
        }
        #expect(stopped, "es-embedded stopped", sourceLocation: sourceLocation)
    }

    /// `request`'s answer, checked against the OpenAPI document.
    func respond(_ application: Application, _ path: String) async -> Response {
        let request = Request(method: .get, target: path, headers: ["Catalogue-Client": "android"])
        let response = await application.handle(request)
        for problem in CatalogueClient.validator.problems(
            method: .get, path: request.path, response: response)
        {
            Issue.record("the response does not match /openapi.json: \(problem)")
        }
        return response
    }

    /// The answer to `path` from a store that does not answer: once its one store call waits,
    /// `time` is moved to just before `budget` (the call must still be waiting) and then to it.
    func respond(
        _ application: Application, _ path: String, whenSpent budget: Duration, on time: ManualClock,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Response {
        let answer = Task { await respond(application, path) }
        await time.waitForSleepers(1)
        time.advance(by: budget - .milliseconds(1))
        #expect(time.sleeperCount == 1, "the deadline is not reached early", sourceLocation: sourceLocation)
        time.advance(by: .milliseconds(1))
        return await answer.value
    }

    @Test func aStoppedStoreGives503AtTheDeadlineAndReadinessAtItsTimeout() async throws {
        try await withStoppableStore(FixtureData(assetflats: [["uuid": "uuid-1"]])) {
            server, _, application, logs, time in
            #expect(await respond(application, "/catalogue/by_id?id[]=uuid-1").status == .ok)
            await stop(server)
            let stopped = await respond(
                application, "/catalogue/by_id?id[]=uuid-2", whenSpent: .milliseconds(500), on: time)
            #expect(stopped.status == .serviceUnavailable, "\(stopped)")
            #expect(stopped.headers["Retry-After"] == "1")
            #expect(stopped.errorMessage == "the search store did not answer in time; try again later")
            let ready = await respond(application, "/health/ready", whenSpent: .seconds(1), on: time)
            #expect(ready.status == .serviceUnavailable)
            #expect(
                (try? ready.json)?["reasons"] == [
                    "the search store did not answer within the readiness timeout"
                ])
            #expect(await respond(application, "/health/live").status == .ok)
            #expect(
                logs.records.contains {
                    $0.level == .error
                        && $0.message == "search store timed out: no answer within the request's deadline"
                })
            server.signal(SIGCONT)
            #expect(await respond(application, "/catalogue/by_id?id[]=uuid-1").status == .ok)
            #expect(await respond(application, "/health/ready").status == .ok)
        }
    }

    @Test func theBreakerOpensAfterRepeatedFailuresAndAProbeClosesIt() async throws {
        let breaker = CircuitBreaker.Configuration(failureThreshold: 2, openDuration: .milliseconds(700))
        try await withStoppableStore(FixtureData(assetflats: [["uuid": "uuid-1"]]), breaker: breaker) {
            server, catalogue, application, _, time in
            await stop(server)
            for _ in 0..<2 {
                let failed = await respond(
                    application, "/catalogue/assets", whenSpent: .milliseconds(500), on: time)
                #expect(failed.status == .serviceUnavailable)
            }
            #expect(catalogue.breaker.state == .open)
            // Answered without the clock moving: an open breaker does not wait for the store.
            let refused = await respond(application, "/catalogue/assets")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorMessage?.contains("is not being asked for now") == true)
            #expect(refused.headers["Retry-After"] == "1")
            #expect(time.sleeperCount == 0, "no store call was started")
            server.signal(SIGCONT)
            time.advance(by: .milliseconds(699))
            #expect(catalogue.breaker.state == .open)
            time.advance(by: .milliseconds(1))
            #expect(catalogue.breaker.state == .halfOpen)
            let probe = await respond(application, "/catalogue/assets")
            #expect(probe.status == .ok)
            #expect(catalogue.breaker.state == .closed)
        }
    }

    @Test func aRefusedConnectionIs503WithTheReasonLogged() async throws {
        let closed = try await Application(router: Router()).withLiveServer { $0.address }
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)"))
        let backend = HTTPSearchBackend(configuration: HTTPSearchBackendConfiguration(baseURL: url))
        let logs = InMemoryLogSink()
        let application = CatalogueApp(
            backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock
        )
        .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        let response = await respond(application, "/catalogue/promos")
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
                let backend = HTTPSearchBackend(
                    configuration: HTTPSearchBackendConfiguration(
                        baseURL: url, retry: RetryPolicy(initialBackoff: .milliseconds(5))))
                let logs = InMemoryLogSink()
                let application = CatalogueApp(
                    backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock
                )
                .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
                let response = await respond(application, "/catalogue/promos")
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
        let backend = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, retry: RetryPolicy(initialBackoff: .milliseconds(5))))
        let logs = InMemoryLogSink()
        let application = CatalogueApp(
            backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock
        )
        .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        let response = await respond(application, "/catalogue/promos")
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
                let backend = HTTPSearchBackend(configuration: HTTPSearchBackendConfiguration(baseURL: url))
                let application = CatalogueApp(
                    backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock
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
