import HTTPKit

/// How an ``HTTPClient`` connects, waits and retries.
///
/// Every wait is bounded twice: by its own timeout (connect, write, read) and by the deadline
/// of the call, whichever comes first.
///
/// ```swift
/// let client = HTTPClient(configuration: HTTPClientConfiguration(
///     maxConnectionsPerHost: 32, connectTimeout: .milliseconds(500), readTimeout: .seconds(5)))
/// ```
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// The most connections open to one host at once; a call that finds them all busy waits
    /// for one (within its deadline).
    public var maxConnectionsPerHost: Int
    /// The longest wait for a TCP connection to be made.
    public var connectTimeout: Duration
    /// The longest wait for the socket to take more request bytes.
    public var writeTimeout: Duration
    /// The longest wait for the next bytes of a response.
    public var readTimeout: Duration
    /// How long an idle kept-alive connection is reused; older ones are closed (servers close
    /// idle connections themselves, usually after 30 s or more).
    public var idleTimeout: Duration
    /// The largest response body accepted.
    public var maxResponseBytes: Int
    /// When a failed attempt is tried again.
    public var retry: HTTPClientRetryPolicy

    /// Creates a configuration; the defaults suit a cluster on the same network.
    public init(
        maxConnectionsPerHost: Int = 32, connectTimeout: Duration = .seconds(1),
        writeTimeout: Duration = .seconds(10), readTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(20), maxResponseBytes: Int = 256 * 1024 * 1024,
        retry: HTTPClientRetryPolicy = HTTPClientRetryPolicy()
    ) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.connectTimeout = connectTimeout
        self.writeTimeout = writeTimeout
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.retry = retry
    }
}
