import HTTPKit

extension Application {
    /// Runs `body` with a client for this application, in-process (``TestingMode/router``, the
    /// default) or against the real server on a free loopback port (``TestingMode/live``).
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
    ///
    /// In live mode the server binds 127.0.0.1 port 0 and is shut down gracefully when `body`
    /// returns or throws.
    public func test<Value>(_ mode: TestingMode = .router, _ body: (TestClient) async throws -> Value)
        async throws -> Value
    {
        switch mode {
        case .router:
            return try await body(TestClient(transport: .router(self)))
        case .live:
            var application = self
            application.configuration.host = "127.0.0.1"
            application.configuration.port = 0
            let server = try application.makeServer()
            let transport = try LiveTransport(address: server.address)
            let client = TestClient(transport: .live(transport))
            async let serving: Void = server.run()
            let result: Result<Value, any Error>
            do {
                result = .success(try await body(client))
            } catch {
                result = .failure(error)
            }
            transport.close()
            server.shutdown()
            try await serving
            return try result.get()
        }
    }
}
