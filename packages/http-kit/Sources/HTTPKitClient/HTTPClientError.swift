import HTTPKit

/// Why an ``HTTPClient`` call got no answer.
public enum HTTPClientError: Error, Sendable, Equatable {
    /// The URL's scheme is not plain `http` (TLS is left to URLSession).
    case unsupportedScheme(String)
    /// No connection could be made (refused, unreachable, host not found).
    case connectFailed(address: String, reason: String)
    /// The connection was not made within the connect timeout.
    case connectTimedOut(address: String)
    /// The server took longer than the read or write timeout.
    case timedOut(address: String, phase: String)
    /// The call's deadline passed (waiting for a connection, for the server, or before a retry).
    case deadlineExceeded(address: String)
    /// The server closed the connection before a whole response arrived.
    case connectionClosed(address: String, receivedBytes: Int)
    /// The response is not HTTP/1.1 as this client reads it.
    case invalidResponse(address: String, reason: String)

    /// Whether nothing of the request can have reached the server (so any request may be tried
    /// again).
    public var isBeforeSending: Bool {
        switch self {
        case .connectFailed, .connectTimedOut, .unsupportedScheme: true
        default: false
        }
    }
}

extension HTTPClientError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            "the http client speaks plain http only, not '\(scheme)'; use URLSession for https"
        case .connectFailed(let address, let reason):
            "cannot connect to '\(address)': \(reason)"
        case .connectTimedOut(let address):
            "connecting to '\(address)' timed out"
        case .timedOut(let address, let phase):
            "'\(address)' did not answer in time (\(phase))"
        case .deadlineExceeded(let address):
            "the deadline passed before '\(address)' answered"
        case .connectionClosed(let address, let received):
            "'\(address)' closed the connection before a whole response arrived (\(received) bytes received)"
        case .invalidResponse(let address, let reason):
            "'\(address)' sent an invalid response: \(reason)"
        }
    }
}
