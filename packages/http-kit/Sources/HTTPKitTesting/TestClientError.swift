/// Errors of the test client.
public enum TestClientError: Error, CustomStringConvertible, Equatable {
    /// The server's bytes are not a valid HTTP/1.1 response.
    case invalidResponse(String)
    /// The server closed the connection before a whole response arrived.
    case closedBeforeResponse(receivedBytes: Int)
    /// No whole response arrived in time.
    case timedOut(Duration)
    /// A body could not be encoded as JSON.
    case unencodableBody(String)
    /// A `RawConnection` (HTTPKitServerTesting) was used after its `close()` (its descriptor number may
    /// already belong to another socket).
    case usedAfterClose

    public var description: String {
        switch self {
        case .invalidResponse(let reason):
            "the server sent an invalid response: \(reason)"
        case .closedBeforeResponse(let count):
            "the server closed the connection after \(count) byte(s), before a whole response"
        case .timedOut(let duration):
            "no whole response within \(duration); the handler may be stuck or the server gone"
        case .unencodableBody(let reason):
            "cannot encode the request body as json: \(reason)"
        case .usedAfterClose:
            "the connection was already closed; open a new one with 'RawConnection.connect(to:)'"
        }
    }
}
