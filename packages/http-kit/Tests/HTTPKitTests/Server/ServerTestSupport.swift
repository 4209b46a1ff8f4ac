import Foundation
import HTTPKit
import HTTPKitTesting

/// A running server on a free loopback port for the duration of `body`, shut down after.
func withServer<Value>(
    router: Router, configuration: ServerConfiguration = ServerConfiguration(),
    logger: Logger = Logger(label: "test", level: .critical),
    _ body: (HTTPServer) async throws -> Value
) async throws -> Value {
    try await Application(router: router, configuration: configuration, logger: logger).withLiveServer(body)
}

/// A router with a few routes the server tests use.
func makeEchoRouter() -> Router {
    let router = Router()
    router.get("/hello") { _, _ in .text("hello") }
    router.post("/echo") { request, _ in
        Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
    }
    router.get("/slow/{milliseconds}") { _, context in
        let milliseconds = try context.parameters.require("milliseconds", as: Int.self)
        try await Task.sleep(for: .milliseconds(milliseconds))
        return .text("slept \(milliseconds)")
    }
    router.get("/path/{value}") { request, context in
        .text("\(request.method) \(try context.parameters.require("value"))")
    }
    return router
}
