import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitTesting

/// A client connection that sends whatever bytes a test gives it, for testing servers with
/// malformed, pipelined, chunked or slow requests.
///
/// ```swift
/// let connection = try await RawConnection.connect(to: server.address)
/// try await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
/// let first = try await connection.readResponse()
/// let second = try await connection.readResponse()
/// ```
public actor RawConnection {
    private var connection: ClientConnection
    private let timeout: Duration
    private var isClosed = false

    private init(connection: ClientConnection, timeout: Duration) {
        self.connection = connection
        self.timeout = timeout
    }

    /// Connects to `address`; `timeout` also bounds each later send and read.
    public static func connect(to address: SocketAddress, timeout: Duration = .seconds(10)) async throws
        -> RawConnection
    {
        RawConnection(
            connection: try await ClientConnection.connect(to: address, timeout: timeout), timeout: timeout)
    }

    /// Sends `text` as UTF-8 bytes, exactly as written (write `\r\n` line endings yourself).
    public func send(_ text: String) async throws {
        try checkOpen()
        try await connection.send(Array(text.utf8), timeout: timeout)
    }

    /// Sends `bytes` exactly.
    public func send(_ bytes: [UInt8]) async throws {
        try checkOpen()
        try await connection.send(bytes, timeout: timeout)
    }

    /// Reads the next final response; pass the request's method so a `HEAD` response is read
    /// without a body.
    public func readResponse(for method: HTTPMethod = .get) async throws -> Response {
        try checkOpen()
        // Work on a copy: an actor's stored property cannot be mutated across a suspension.
        var current = connection
        defer { connection = current }
        return try await current.readResponse(for: method, timeout: timeout)
    }

    /// Reads exactly `count` bytes, whatever they are (for example an interim response).
    public func read(count: Int) async throws -> Data {
        try checkOpen()
        var current = connection
        defer { connection = current }
        return try await current.read(count: count, timeout: timeout)
    }

    /// Reads until the server closes the connection, for at most `timeout`: the bytes that
    /// arrived and whether the server closed.
    public func readUntilClosed(timeout: Duration = .seconds(5)) async throws -> (data: Data, closed: Bool) {
        try checkOpen()
        var current = connection
        defer { connection = current }
        let (data, closed) = try await current.readUntilClosed(timeout: timeout)
        return (data, closed)
    }

    /// Closes the connection; later calls do nothing, and sending or reading afterwards throws
    /// `TestClientError.usedAfterClose` (HTTPKitTesting) rather than touching a descriptor number that may
    /// already belong to another socket.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        connection.close()
    }

    private func checkOpen() throws(TestClientError) {
        if isClosed { throw .usedAfterClose }
    }
}
