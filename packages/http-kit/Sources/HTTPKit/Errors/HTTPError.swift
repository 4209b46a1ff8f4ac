/// An error carrying an HTTP status and a message for the client.
///
/// Throw it from a handler to answer with that status and `{"error":{"message":..}}`:
///
/// ```swift
/// guard let asset = try await store.asset(id) else {
///     throw HTTPError(.notFound, message: "asset '\(id)' not found")
/// }
/// ```
public struct HTTPError: HTTPResponseError, CustomStringConvertible, Equatable {
    /// The response status.
    public var status: HTTPStatus
    /// The message sent to the client in `error.message`.
    public var message: String
    /// Extra header fields for the response (for example `Retry-After`).
    public var headers: HTTPHeaders

    /// Creates an error; without a message, the status's reason phrase in lower case is used.
    public init(_ status: HTTPStatus, message: String? = nil, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message ?? status.reasonPhrase.lowercased()
        self.headers = headers
    }

    public var description: String { message }

    /// `status` with `{"error":{"message":"<message>"}}` and the extra headers.
    public func response(context: RequestContext) -> Response {
        Response.error(status: status, message: message, headers: headers)
    }
}
