import HTTPKit

extension Application {
    /// Runs `body` with a client for this application, in-process: requests go straight to the
    /// responder, with the same context, error rendering and response finalization as the server.
    ///
    /// ```swift
    /// try await app.test { client in
    ///     let response = try await client.get("/catalogue/by_id", query: ["id[]": "a,b"])
    ///     #expect(response.status == .ok)
    /// }
    /// ```
    ///
    /// HTTPKitServerTesting's `test(_ mode:_:)` runs the same body against a live server too.
    public func test<Value>(_ body: (TestClient) async throws -> Value) async throws -> Value {
        try await body(TestClient(transport: RouterTransport(application: self)))
    }
}
