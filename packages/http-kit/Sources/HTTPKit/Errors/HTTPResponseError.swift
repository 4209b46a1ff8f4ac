import Foundation

/// An error that knows the HTTP response it should become.
///
/// The router renders any thrown error that conforms to this protocol with
/// ``response(context:)``; by default that is the error's `status` and the body
/// `{"error":{"message":"<description>"}}`. A type can render its own body instead, for
/// example Elasticsearch's error envelope:
///
/// ```swift
/// struct SearchError: HTTPResponseError {
///     var status: HTTPStatus
///     var type: String
///     var reason: String
///
///     func response(context: RequestContext) -> Response {
///         let body = ["error": ["type": type, "reason": reason], "status": status.code] as [String: Any]
///         ...
///     }
/// }
/// ```
///
/// Errors that do not conform are logged and become a 500 whose body says nothing about them.
public protocol HTTPResponseError: Error, Sendable {
    /// The status of the response.
    var status: HTTPStatus { get }

    /// The response that reports this error to the client.
    func response(context: RequestContext) -> Response
}

extension HTTPResponseError {
    /// The default rendering: `status` with `{"error":{"message":"<description>"}}`.
    public func response(context: RequestContext) -> Response {
        Response.error(status: status, message: String(describing: self))
    }
}

extension Response {
    /// A JSON error response: `{"error":{"message":"<message>"}}`.
    public static func error(status: HTTPStatus, message: String, headers: HTTPHeaders = [:]) -> Response {
        let envelope = ErrorEnvelope(error: .init(message: message))
        // Encoding two strings cannot fail; the fallback keeps the function non-throwing.
        let body = (try? JSONCoding.makeEncoder().encode(envelope)) ?? Data(#"{"error":{}}"#.utf8)
        return Response.json(data: body, status: status, headers: headers)
    }
}

/// The wire shape of the default error body.
private struct ErrorEnvelope: Encodable {
    struct Detail: Encodable {
        var message: String
    }

    var error: Detail
}
