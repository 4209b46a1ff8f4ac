import Foundation

/// An HTTP response: status, header fields and the whole body.
///
/// ```swift
/// return Response(status: .created, headers: ["Location": "/assets/42"])
/// return .text("pong")
/// return try .json(["count": 3])
/// ```
public struct Response: Sendable {
    /// The status sent on the status line.
    public var status: HTTPStatus
    /// The header fields; the server adds `Content-Length`, `Date` and `Connection` itself.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) -> Response
    {
        var headers = headers
        if !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        return Response(status: status, headers: headers, body: Data(text.utf8))
    }

    /// The body decoded as UTF-8 text (invalid sequences become U+FFFD).
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

extension Response: CustomStringConvertible {
    /// The status line, the headers and the body as text, for test failure messages.
    public var description: String {
        var lines = ["\(status)"]
        if !headers.isEmpty { lines.append(headers.description) }
        if !body.isEmpty {
            lines.append("")
            lines.append(bodyText)
        }
        return lines.joined(separator: "\n")
    }
}
