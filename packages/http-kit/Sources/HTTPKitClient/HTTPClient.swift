import Foundation
import HTTPKit
import Synchronization
import TimeKit

/// A lean HTTP/1.1 client for plain-http servers: a keep-alive connection pool per host with a
/// size limit, connect, write and read timeouts, a deadline per call, and retries that cannot do
/// harm (see ``HTTPClientRetryPolicy``).
///
/// It speaks `http` only. TLS is left to URLSession (es-models' `HTTPSearchBackend`), which a
/// cluster reached over `https` keeps using.
///
/// The pool's waits, the idle timeout and the back-off between attempts are on the injected
/// `MonotonicClock` (time-kit), so a test moves them; the socket's own connect, write and read
/// timeouts are the event loop's (the kernel's time).
///
/// ```swift
/// let client = HTTPClient(configuration: HTTPClientConfiguration())
/// let response = try await client.execute(
///     Request(method: .get, path: "/_cluster/health"), to: SocketAddress(host: "127.0.0.1", port: 9200),
///     deadline: .now + .seconds(2))
/// ```
public final class HTTPClient: Sendable {
    /// The configuration in use.
    public let configuration: HTTPClientConfiguration
    /// Where the pool's waits, the idle timeout and the back-off take their time from.
    public let clock: MonotonicClock
    private let pools = Mutex<[SocketAddress: ConnectionPool]>([:])
    private let random: @Sendable () -> Double

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: pool sizes, timeouts and the retry policy.
    ///   - clock: the time of the pool's waits, the idle timeout and the back-off (tests pass a
    ///     manual clock's).
    ///   - random: a number in `0...1` per retry, for the backoff's jitter (tests fix it).
    public init(
        configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
        clock: MonotonicClock = .continuous,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.random = random
    }

    deinit {
        for pool in pools.withLock({ Array($0.values) }) { pool.closeIdle() }
    }

    /// Sends `request` to `address` and returns its response (any status).
    ///
    /// `Host` and `Content-Length` are added; other headers are sent as given. The request is
    /// tried again as ``HTTPClientConfiguration/retry`` says, never past `deadline`.
    ///
    /// - Parameters:
    ///   - request: what to send.
    ///   - address: the server's address.
    ///   - deadline: the instant after which no attempt starts and none is waited for.
    ///   - idempotent: whether sending it twice does no more than sending it once; `nil` (the
    ///     default) decides by method (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`). A search sent
    ///     as `POST` is idempotent: say so.
    /// - Throws: ``HTTPClientError`` when no response arrived.
    public func execute(
        _ request: Request, to address: SocketAddress, deadline: ContinuousClock.Instant,
        idempotent: Bool? = nil
    ) async throws(HTTPClientError) -> Response {
        let idempotent = idempotent ?? Self.isIdempotent(request.method)
        let bytes = Self.encode(request, host: address)
        let policy = configuration.retry
        var attempt = 1
        while true {
            let outcome: Result<Response, HTTPClientError>
            do {
                outcome = .success(
                    try await attemptOnce(bytes, method: request.method, to: address, deadline: deadline))
            } catch {
                outcome = .failure(error)
            }
            let retryable: Bool
            var retryAfter: Duration?
            switch outcome {
            case .success(let response):
                retryable = idempotent && policy.retryableStatuses.contains(response.status.code)
                retryAfter = response.headers["Retry-After"].flatMap(Int.init).map { .seconds($0) }
            case .failure(let error):
                switch error {
                case .deadlineExceeded, .unsupportedScheme, .invalidResponse: retryable = false
                default: retryable = error.isBeforeSending || idempotent
                }
            }
            guard retryable, attempt < policy.maxAttempts else { return try outcome.get() }
            let wait = policy.backoff(afterAttempt: attempt, retryAfter: retryAfter, unit: random())
            // An attempt that could not finish before the deadline is not worth starting.
            let resumeAt = clock.now() + wait
            guard resumeAt < deadline else { return try outcome.get() }
            do {
                try await clock.sleep(until: resumeAt)
            } catch {
                throw .deadlineExceeded(address: address.description)
            }
            attempt += 1
        }
    }

    /// Sends `request` to the host and port of `url` (its path and query are the request's).
    ///
    /// - Throws: ``HTTPClientError/unsupportedScheme(_:)`` unless `url` is `http`.
    public func execute(
        _ request: Request, baseURL url: URL, deadline: ContinuousClock.Instant, idempotent: Bool? = nil
    ) async throws(HTTPClientError) -> Response {
        guard url.scheme == "http", let host = url.host else {
            throw .unsupportedScheme(url.scheme ?? "")
        }
        return try await execute(
            request, to: SocketAddress(host: host, port: url.port ?? 80), deadline: deadline,
            idempotent: idempotent)
    }

    /// The connections open to `address` now, idle or in use.
    public func openConnections(to address: SocketAddress) -> Int {
        pools.withLock { $0[address] }?.openCount ?? 0
    }

    /// Closes every idle connection (in-use ones close when their call ends).
    public func closeIdleConnections() {
        for pool in pools.withLock({ Array($0.values) }) { pool.closeIdle() }
    }

    static func isIdempotent(_ method: HTTPMethod) -> Bool {
        [.get, .head, .put, .delete, .options].contains(method)
    }

    private func pool(for address: SocketAddress) -> ConnectionPool {
        pools.withLock { pools in
            if let pool = pools[address] { return pool }
            let pool = ConnectionPool(limit: configuration.maxConnectionsPerHost, clock: clock)
            pools[address] = pool
            return pool
        }
    }

    /// One attempt; a kept-alive connection that turns out closed before any byte of the
    /// response is replaced once at no cost to the attempt count (the server closed it idle).
    private func attemptOnce(
        _ bytes: [UInt8], method: HTTPMethod, to address: SocketAddress, deadline: ContinuousClock.Instant
    ) async throws(HTTPClientError) -> Response {
        let pool = pool(for: address)
        var staleRetried = false
        while true {
            guard var connection = try await connection(from: pool, to: address, deadline: deadline) else {
                throw .deadlineExceeded(address: address.description)
            }
            let reused = connection.exchanges > 0
            do {
                let (response, keepAlive) = try await connection.exchange(
                    bytes, method: method, writeTimeout: configuration.writeTimeout,
                    readTimeout: configuration.readTimeout, deadline: deadline)
                if keepAlive {
                    connection.lastUsed = clock.now()
                    pool.release(connection)
                } else {
                    connection.close()
                    pool.discard()
                }
                return response
            } catch {
                connection.close()
                pool.discard()
                if reused, !staleRetried, case .connectionClosed(_, receivedBytes: 0) = error {
                    staleRetried = true
                    continue
                }
                throw error
            }
        }
    }

    /// A usable connection from `pool`, opened when there is none idle; `nil` at the deadline.
    private func connection(
        from pool: ConnectionPool, to address: SocketAddress, deadline: ContinuousClock.Instant
    ) async throws(HTTPClientError) -> ClientConnection? {
        while true {
            switch await pool.lease(deadline: deadline) {
            case nil:
                return nil
            case .idle(var connection):
                if clock.now() - connection.lastUsed < configuration.idleTimeout,
                    connection.isReusable()
                {
                    return connection
                }
                connection.close()
                pool.discard()
            case .open:
                do {
                    var connection = try await ClientConnection.connect(
                        to: address, timeout: configuration.connectTimeout, deadline: deadline,
                        maxResponseBytes: configuration.maxResponseBytes)
                    connection.lastUsed = clock.now()
                    return connection
                } catch {
                    pool.discard()
                    throw error
                }
            }
        }
    }

    /// The request's bytes: its head with `Host` and `Content-Length`, then the body.
    static func encode(_ request: Request, host: SocketAddress) -> [UInt8] {
        var head = "\(request.method) \(request.target) HTTP/1.1\r\n"
        if !request.headers.contains(name: "Host") { head += "Host: \(host)\r\n" }
        for field in request.headers where field.name.lowercased() != "content-length" {
            head += "\(field.name): \(field.value)\r\n"
        }
        if !request.body.isEmpty || [.post, .put, .patch].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(bytes.count + request.body.count)
        bytes.append(contentsOf: request.body)
        return bytes
    }
}
