import HTTPKit

/// Errors of the socket layer: binding, accepting, connecting, reading and writing.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// The host could not be resolved to an address.
    case invalidAddress(host: String, port: Int, reason: String)
    /// The listening socket could not be bound (the port is usually in use).
    case bindFailed(address: String, reason: String)
    /// A connection to a server could not be made.
    case connectFailed(address: String, reason: String)
    /// A system call failed.
    case systemCall(String, reason: String)
    /// An operation did not finish before its deadline.
    case timedOut(String)
    /// The peer closed the connection before the operation finished.
    case connectionClosed
    /// The server was asked to run twice.
    case alreadyRunning
    /// The event loop back end asked for (by `HTTPKIT_EVENT_LOOP` or the configuration) is not
    /// one this platform has.
    case eventLoopUnavailable(String)

    public var description: String {
        switch self {
        case .invalidAddress(let host, let port, let reason):
            "cannot resolve '\(host)' port \(port): \(reason); use an IP address such as '127.0.0.1'"
        case .bindFailed(let address, let reason):
            "cannot listen on '\(address)': \(reason); choose another port (0 picks a free one)"
                + " or stop the process using it"
        case .connectFailed(let address, let reason):
            "cannot connect to '\(address)': \(reason); check that the server is running"
        case .systemCall(let call, let reason):
            "'\(call)' failed: \(reason)"
        case .timedOut(let operation):
            "\(operation) timed out; the peer is slow or gone"
        case .connectionClosed:
            "the peer closed the connection"
        case .alreadyRunning:
            "the server is already running; create another server to serve twice"
        case .eventLoopUnavailable(let reason):
            reason
        }
    }
}
