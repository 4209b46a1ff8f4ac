import HTTPKit
import HTTPKitServer
import HTTPKitTesting

extension Application {
    /// Runs `body` with a client for this application, in-process (``HTTPKitTesting/TestingMode/router``)
    /// or against the real server on a free loopback port (``HTTPKitTesting/TestingMode/live``).
    ///
    /// The same test body works in both modes, so a suite can run in-process for speed and
    /// live to prove the wire path:
    ///
    /// ```swift
    /// @Test(arguments: TestingMode.allCases)
    /// func findsAssets(mode: TestingMode) async throws {
    ///     try await app.test(mode) { client in
    ///         let response = try await client.get("/catalogue/by_id", query: ["id[]": "a,b"])
    ///         #expect(response.status == .ok)
    ///     }
    /// }
    /// ```
    public func test<Value>(_ mode: TestingMode, _ body: (TestClient) async throws -> Value)
        async throws -> Value
    {
        switch mode {
        case .router:
            return try await test(body)
        case .live:
            return try await withLiveServer { server in
                let transport = LiveTransport(address: server.address)
                defer { transport.close() }
                return try await body(TestClient(transport: transport))
            }
        }
    }

    /// Runs `body` while this application serves on a free port of 127.0.0.1 (the configured
    /// host and port are ignored, the limits kept); the server shuts down gracefully when
    /// `body` returns or throws.
    ///
    /// ```swift
    /// try await app.withLiveServer { server in
    ///     let connection = try await RawConnection.connect(to: server.address)
    ///     ...
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws, or ``HTTPKitServer/ServerError`` when the server cannot bind.
    public func withLiveServer<Value>(_ body: (HTTPServer) async throws -> Value) async throws -> Value {
        try await withLiveServer(on: nil, body)
    }

    /// ``withLiveServer(_:)`` on `loop` (for example a loop on a manual clock, so that the test
    /// moves the server's time); `nil` takes the configured shared loop.
    package func withLiveServer<Value>(on loop: EventLoop?, _ body: (HTTPServer) async throws -> Value)
        async throws -> Value
    {
        var application = self
        application.configuration.host = "127.0.0.1"
        application.configuration.port = 0
        let server = try loop.map { try application.makeServer(on: $0) } ?? application.makeServer()
        async let serving: Void = server.run()
        let result: Result<Value, any Error>
        do {
            result = .success(try await body(server))
        } catch {
            result = .failure(error)
        }
        server.shutdown()
        try await serving
        return try result.get()
    }
}
