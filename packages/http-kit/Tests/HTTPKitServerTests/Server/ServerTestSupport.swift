import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Synchronization
import TimeKitTesting

/// A running server on a free loopback port for the duration of `body`, shut down after;
/// on `loop` when given (a loop on a manual clock lets the test move the server's time).
func withServer<Value>(
    router: Router, configuration: ServerConfiguration = ServerConfiguration(),
    logger: Logger = Logger(label: "test", level: .critical), on loop: EventLoop? = nil,
    _ body: (HTTPServer) async throws -> Value
) async throws -> Value {
    try await Application(router: router, configuration: configuration, logger: logger)
        .withLiveServer(on: loop, body)
}

/// An event loop of its own whose deadlines pass only when the test advances `time` (the
/// shared loops stay on the real clock).
func makeManualLoop(_ backend: EventLoopBackend? = nil) throws -> (loop: EventLoop, time: ManualClock) {
    let time = ManualClock()
    let loop = try EventLoop(backend ?? EventLoopBackend.selected(), clock: time.clock)
    return (loop, time)
}

extension EventLoop {
    /// Returns once a task waits on this loop until exactly `deadline` (on a manual clock, which
    /// stands still, the server's deadlines are known to the instant).
    func waitForWait(until deadline: ContinuousClock.Instant) async {
        await waitUntil { $0.hasWait(until: deadline) }
    }
}

/// A router with a few routes the server tests use; `/gated` answers once `gate` opens.
func makeEchoRouter(gate: HandlerGate? = nil) -> Router {
    let router = Router()
    router.get("/hello") { _, _ in .text("hello") }
    router.post("/echo") { request, _ in
        Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
    }
    if let gate {
        router.get("/gated") { _, _ in
            try await gate.pass()
            return .text("passed the gate")
        }
    }
    router.get("/path/{value}") { request, context in
        .text("\(request.method) \(try context.parameters.require("value"))")
    }
    return router
}
