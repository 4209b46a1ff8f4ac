#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a server listens and the limits it enforces.
///
/// ```swift
/// var configuration = ServerConfiguration(port: 0)   // any free port on 127.0.0.1
/// configuration.maxBodyBytes = 100 * 1024 * 1024
/// configuration.maxConnections = 256
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind; `127.0.0.1` by default so nothing is exposed beyond the machine.
    public var host: String
    /// The TCP port; 0 picks a free port (read it from HTTPKitServer's `HTTPServer.address`).
    public var port: Int
    /// The listen backlog (pending connections the kernel queues).
    public var backlog: Int32
    /// The most client connections open at once (at least 1). At the cap the server stops
    /// accepting: new connections wait in the kernel's listen backlog and are accepted, in
    /// order, as open ones close. Defaults to ``defaultMaxConnections``.
    public var maxConnections: Int
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
    /// How long a request head (request line and header fields) may take to arrive, from its
    /// first byte to its end, however steadily the bytes trickle in; past it the answer is 408
    /// and the connection is closed. The wait for a kept-alive connection's next request is
    /// governed by ``idleTimeout`` instead.
    public var requestHeadTimeout: Duration
    /// How long a request body may take to arrive, from the end of its head (or the
    /// `100 Continue`) to its end; past it the answer is 408 and the connection is closed.
    public var requestBodyTimeout: Duration
    /// How long a graceful shutdown waits for in-flight requests before closing connections.
    public var shutdownGracePeriod: Duration
    /// The signals that start a graceful shutdown when the application runs with
    /// HTTPKitServer's `Application.run(onListening:)`.
    public var shutdownSignals: [Int32]
    /// The event loop back end; `nil` (the default) takes the one `HTTPKIT_EVENT_LOOP` names,
    /// else the platform's own (see ``EventLoopBackend``).
    public var eventLoop: EventLoopBackend?

    /// Creates a configuration; every parameter has a production-ready default.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, backlog: Int32 = 512,
        maxConnections: Int = ServerConfiguration.defaultMaxConnections, maxHeaderBytes: Int = 16 * 1024,
        maxBodyBytes: Int = 16 * 1024 * 1024, idleTimeout: Duration = .seconds(30),
        requestHeadTimeout: Duration = .seconds(10), requestBodyTimeout: Duration = .seconds(60),
        shutdownGracePeriod: Duration = .seconds(10), shutdownSignals: [Int32] = [SIGINT, SIGTERM],
        eventLoop: EventLoopBackend? = nil
    ) {
        self.host = host
        self.port = port
        self.backlog = backlog
        self.maxConnections = maxConnections
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.requestBodyTimeout = requestBodyTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.shutdownSignals = shutdownSignals
        self.eventLoop = eventLoop
    }

    /// The default connection cap: the process's soft `RLIMIT_NOFILE` less 128 descriptors
    /// kept for everything else (files, databases, outgoing connections), between 64 and
    /// 16,384; 1,024 when the limit cannot be read.
    ///
    /// Beyond 16,384 memory rather than descriptors becomes the limit. The limit is per server:
    /// several servers in one process share the descriptors, so give each a smaller cap.
    public static var defaultMaxConnections: Int {
        guard let limit = DescriptorLimit.soft else { return 1024 }
        return defaultMaxConnections(forDescriptorLimit: limit)
    }

    /// ``defaultMaxConnections`` for a soft descriptor limit (`RLIM_INFINITY`, the largest value, for none).
    package static func defaultMaxConnections(forDescriptorLimit limit: rlim_t) -> Int {
        let reserve: rlim_t = 128
        let cap: rlim_t = 16_384
        guard limit < cap + reserve else { return Int(cap) }
        return Int(max(64, limit > reserve ? limit - reserve : 0))
    }

    package var decoderLimits: RequestDecoder.Limits {
        RequestDecoder.Limits(maxHeadBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    }
}
