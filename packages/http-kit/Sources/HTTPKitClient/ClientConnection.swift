import Foundation
import HTTPKit
import HTTPKitServer

/// One kept-alive HTTP/1.1 connection to a server: writes a request, reads its response.
///
/// Not shared: the pool lends it to one call at a time.
struct ClientConnection: Sendable {
    let address: SocketAddress
    let socket: AsyncSocket
    /// When the connection last finished an exchange, on the client's clock (for the pool's
    /// idle timeout); the client sets it.
    var lastUsed: ContinuousClock.Instant
    /// How many exchanges it has carried (the first on a fresh connection cannot be stale).
    var exchanges = 0
    private var buffer = ByteBuffer()
    private var decoder: ResponseDecoder

    /// Connects within `timeout`, or by `deadline` when that comes first.
    static func connect(
        to address: SocketAddress, timeout: Duration, deadline: ContinuousClock.Instant, maxResponseBytes: Int
    ) async throws(HTTPClientError) -> ClientConnection {
        let now = ContinuousClock.now
        guard now < deadline else { throw .deadlineExceeded(address: address.description) }
        let wait = min(timeout, deadline - now)
        let socket: AsyncSocket
        do {
            socket = try await AsyncSocket.connect(
                host: address.host, port: address.port, on: try EventLoop.shared(), timeout: wait)
        } catch ServerError.timedOut {
            throw wait < timeout
                ? .deadlineExceeded(address: address.description)
                : .connectTimedOut(address: address.description)
        } catch ServerError.connectFailed(_, let reason) {
            throw .connectFailed(address: address.description, reason: reason)
        } catch ServerError.invalidAddress(_, _, let reason) {
            throw .connectFailed(address: address.description, reason: reason)
        } catch is CancellationError {
            throw .deadlineExceeded(address: address.description)
        } catch {
            throw .connectFailed(address: address.description, reason: "\(error)")
        }
        return ClientConnection(address: address, socket: socket, maxResponseBytes: maxResponseBytes)
    }

    private init(address: SocketAddress, socket: AsyncSocket, maxResponseBytes: Int) {
        self.address = address
        self.socket = socket
        self.lastUsed = .now
        self.decoder = ResponseDecoder(
            limits: RequestDecoder.Limits(maxHeadBytes: 1024 * 1024, maxBodyBytes: maxResponseBytes))
    }

    /// Whether an idle connection still looks usable: the server has not closed it and sent
    /// nothing unasked (a non-blocking read finds nothing to read).
    mutating func isReusable() -> Bool {
        do {
            guard buffer.isEmpty else { return false }
            return try socket.descriptor.read(into: &buffer) == nil
        } catch {
            return false
        }
    }

    /// Sends `bytes` and reads the response to a `method` request.
    ///
    /// - Returns: the response, and whether the connection may carry another request.
    mutating func exchange(
        _ bytes: [UInt8], method: HTTPMethod, writeTimeout: Duration, readTimeout: Duration,
        deadline: ContinuousClock.Instant
    ) async throws(HTTPClientError) -> (Response, keepAlive: Bool) {
        exchanges += 1
        let name = address.description
        do {
            let writeBy = min(deadline, .now + writeTimeout)
            try await socket.write(bytes, deadline: writeBy)
        } catch ServerError.timedOut {
            throw ContinuousClock.now >= deadline
                ? .deadlineExceeded(address: name)
                : .timedOut(address: name, phase: "writing the request")
        } catch is CancellationError {
            throw .deadlineExceeded(address: name)
        } catch {
            throw .connectionClosed(address: name, receivedBytes: 0)
        }
        var received = 0
        var closed = false
        while true {
            do {
                if let response = try decoder.decode(
                    from: &buffer, requestMethod: method, atEndOfStream: closed)
                {
                    let keepAlive =
                        !closed && !response.headers.containsToken("close", inField: "Connection")
                        && buffer.isEmpty
                    return (response, keepAlive)
                }
            } catch {
                // Bytes cut short by the server closing are a closed connection, not nonsense.
                if closed { throw .connectionClosed(address: name, receivedBytes: received) }
                throw .invalidResponse(address: name, reason: "\(error)")
            }
            if closed { throw .connectionClosed(address: name, receivedBytes: received) }
            let readBy = min(deadline, .now + readTimeout)
            let outcome: AsyncSocket.ReadOutcome
            do {
                outcome = try await socket.read(into: &buffer, deadline: readBy)
            } catch is CancellationError {
                throw .deadlineExceeded(address: name)
            } catch {
                closed = true
                continue
            }
            switch outcome {
            case .bytes(let count): received += count
            case .endOfStream, .interrupted: closed = true
            case .timedOut:
                throw ContinuousClock.now >= deadline
                    ? .deadlineExceeded(address: name)
                    : .timedOut(address: name, phase: "waiting for the response")
            }
        }
    }

    /// Closes the connection.
    func close() {
        socket.close()
    }
}
