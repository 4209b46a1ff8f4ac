import Glibc

/// Where a server listens and the limits it enforces.
///
/// ```swift
/// var configuration = ServerConfiguration(port: 0)   // any free port on 127.0.0.1
/// configuration.maxBodyBytes = 100 * 1024 * 1024
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind; `127.0.0.1` by default so nothing is exposed beyond the machine.
    public var host: String
    /// The TCP port; 0 picks a free port (read it from ``HTTPServer/address``).
    public var port: Int
    /// The listen backlog (pending connections the kernel queues).
    public var backlog: Int32
    /// The largest request head (request line and header fields), and the largest trailer
    /// section of a chunked body; beyond it the answer is 431 (414 for a long request line).
    public var maxHeaderBytes: Int
    /// The largest request body; beyond it the answer is 413.
    public var maxBodyBytes: Int
    /// How long a connection may stay silent. A request that stops arriving gets 408 and the
    /// connection is closed; a keep-alive connection silent between requests is closed quietly,
    /// because a client may be sending its next request at that very moment. Writes to a
    /// client that stops reading are abandoned after the same time.
    public var idleTimeout: Duration
    /// How long a graceful shutdown waits for in-flight requests before closing connections.
    public var shutdownGracePeriod: Duration
    /// The signals that start a graceful shutdown when the application runs with
    /// ``Application/run(onListening:)``.
    public var shutdownSignals: [Int32]

    /// Creates a configuration; every parameter has a production-ready default.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, backlog: Int32 = 512, maxHeaderBytes: Int = 16 * 1024,
        maxBodyBytes: Int = 16 * 1024 * 1024, idleTimeout: Duration = .seconds(30),
        shutdownGracePeriod: Duration = .seconds(10), shutdownSignals: [Int32] = [SIGINT, SIGTERM]
    ) {
        self.host = host
        self.port = port
        self.backlog = backlog
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.shutdownSignals = shutdownSignals
    }

    var decoderLimits: RequestDecoder.Limits {
        RequestDecoder.Limits(maxHeadBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    }
}
