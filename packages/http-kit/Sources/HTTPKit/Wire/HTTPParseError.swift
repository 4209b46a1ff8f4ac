/// Why bytes received on a connection are not an acceptable HTTP/1.x message; each case maps to
/// the status a server answers with before closing the connection.
package enum HTTPParseError: Error, Equatable, CustomStringConvertible {
    /// The bytes break HTTP's grammar: 400.
    case malformed(String)
    /// The request line is longer than the head limit: 414.
    case uriTooLong(limit: Int)
    /// The head (request line and header fields) or the trailers exceed the limit: 431.
    case headersTooLarge(limit: Int)
    /// The body is larger than the limit: 413.
    case bodyTooLarge(limit: Int)
    /// A transfer coding other than `chunked` is used: 501.
    case unsupportedTransferCoding(String)
    /// The major version is not 1: 505.
    case unsupportedVersion(String)
    /// An `Expect` value other than `100-continue`: 417.
    case unsupportedExpectation(String)

    /// The status a server answers this error with.
    package var status: HTTPStatus {
        switch self {
        case .malformed: .badRequest
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedExpectation: .expectationFailed
        }
    }

    package var description: String {
        switch self {
        case .malformed(let reason):
            "malformed request: \(reason)"
        case .uriTooLong(let limit):
            "request line is longer than \(limit) bytes; shorten the target or raise 'maxHeaderBytes'"
        case .headersTooLarge(let limit):
            "request header fields exceed \(limit) bytes; send fewer or smaller headers or raise 'maxHeaderBytes'"
        case .bodyTooLarge(let limit):
            "request body exceeds \(limit) bytes; send a smaller body or raise 'maxBodyBytes'"
        case .unsupportedTransferCoding(let coding):
            "transfer coding '\(coding)' is not supported; send the body with 'chunked' or 'Content-Length'"
        case .unsupportedVersion(let version):
            "protocol version '\(version)' is not supported; use HTTP/1.1"
        case .unsupportedExpectation(let value):
            "expectation '\(value)' is not supported; only '100-continue' is"
        }
    }
}
