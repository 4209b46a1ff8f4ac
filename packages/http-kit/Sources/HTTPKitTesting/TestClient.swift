import Foundation
import HTTPKit

/// Sends requests to an application under test, in-process or over loopback, with the same
/// API either way; created by `Application.test(_:)` (in-process) or
/// HTTPKitServerTesting's `Application.test(_:_:)` (either mode).
///
/// ```swift
/// let response = try await client.get(
///     "/catalogue/by_id", query: ["id[]": "a,b", "content_country": "KE"],
///     headers: ["Catalogue-Client": "android"])
/// #expect(response.status == .ok)
/// ```
public struct TestClient: Sendable {
    let transport: any TestTransport

    /// A client sending its requests through `transport`.
    package init(transport: any TestTransport) {
        self.transport = transport
    }

    /// How requests travel.
    public var mode: TestingMode { transport.mode }

    /// The server's address in live mode; `nil` in router mode.
    public var address: SocketAddress? { transport.address }

    /// Sends `request` as is (a `Host` header and `Content-Length` are added when missing).
    ///
    /// - Throws: in live mode, ``TestClientError`` or HTTPKitServer's `ServerError` when the
    ///   exchange fails; never for error statuses, which are ordinary responses.
    public func execute(_ request: Request) async throws -> Response {
        var request = request
        if !request.headers.contains(name: "Host") {
            request.headers.add(name: "Host", value: address?.description ?? "localhost")
        }
        if !request.headers.contains(name: "Content-Length")
            && !request.headers.contains(name: "Transfer-Encoding")
            && (!request.body.isEmpty || [.post, .put, .patch].contains(request.method))
        {
            request.headers.add(name: "Content-Length", value: String(request.body.count))
        }
        return try await transport.execute(request)
    }

    /// Sends a request built from its parts.
    public func execute(
        _ method: HTTPMethod, _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:],
        body: TestBody = .empty
    ) async throws -> Response {
        var headers = headers
        if let contentType = body.contentType, !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: contentType)
        }
        let request = Request(
            method: method, path: path, query: query, headers: headers, body: try body.encode())
        return try await execute(request)
    }

    /// Sends a `GET` request.
    public func get(_ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:]) async throws
        -> Response
    {
        try await execute(.get, path, query: query, headers: headers)
    }

    /// Sends a `HEAD` request.
    public func head(_ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:]) async throws
        -> Response
    {
        try await execute(.head, path, query: query, headers: headers)
    }

    /// Sends a `DELETE` request.
    public func delete(
        _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:], body: TestBody = .empty
    ) async throws -> Response {
        try await execute(.delete, path, query: query, headers: headers, body: body)
    }

    /// Sends a `POST` request.
    public func post(
        _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:], body: TestBody = .empty
    ) async throws -> Response {
        try await execute(.post, path, query: query, headers: headers, body: body)
    }

    /// Sends a `PUT` request.
    public func put(
        _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:], body: TestBody = .empty
    ) async throws -> Response {
        try await execute(.put, path, query: query, headers: headers, body: body)
    }

    /// Sends a `PATCH` request.
    public func patch(
        _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:], body: TestBody = .empty
    ) async throws -> Response {
        try await execute(.patch, path, query: query, headers: headers, body: body)
    }
}
