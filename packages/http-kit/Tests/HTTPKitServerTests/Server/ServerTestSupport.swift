import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Synchronization

/// A running server on a free loopback port for the duration of `body`, shut down after.
func withServer<Value>(
    router: Router, configuration: ServerConfiguration = ServerConfiguration(),
    logger: Logger = Logger(label: "test", level: .critical),
    _ body: (HTTPServer) async throws -> Value
) async throws -> Value {
    try await Application(router: router, configuration: configuration, logger: logger).withLiveServer(body)
}

/// Counts the slow handlers that have started, so a test can wait until a request is in
/// flight instead of guessing with a sleep.
final class StartedHandlers: Sendable {
    private let count = Mutex(0)

    func record() {
        count.withLock { $0 += 1 }
    }

    /// Waits (up to 10 s) until `expected` handlers have started.
    func wait(for expected: Int = 1) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while count.withLock({ $0 }) < expected && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// A router with a few routes the server tests use.
func makeEchoRouter(started: StartedHandlers? = nil) -> Router {
    let router = Router()
    router.get("/hello") { _, _ in .text("hello") }
    router.post("/echo") { request, _ in
        Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
    }
    router.get("/slow/{milliseconds}") { _, context in
        let milliseconds = try context.parameters.require("milliseconds", as: Int.self)
        started?.record()
        try await Task.sleep(for: .milliseconds(milliseconds))
        return .text("slept \(milliseconds)")
    }
    router.get("/path/{value}") { request, context in
        .text("\(request.method) \(try context.parameters.require("value"))")
    }
    return router
}
