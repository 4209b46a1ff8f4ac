import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitTesting

/// One client-side HTTP/1.1 connection: writes bytes and reads whole responses.
struct ClientConnection: Sendable {
    let socket: AsyncSocket
    private var buffer = ByteBuffer()
    private var decoder = ResponseDecoder(
        limits: RequestDecoder.Limits(maxHeadBytes: 1024 * 1024, maxBodyBytes: 1024 * 1024 * 1024))
    /// Whether the server has closed its side.
    private(set) var isClosedByPeer = false

    /// Connects to `address` within `timeout`.
    static func connect(to address: SocketAddress, timeout: Duration) async throws -> ClientConnection {
        let socket = try await AsyncSocket.connect(
            host: address.host, port: address.port, on: try EventLoop.shared(), timeout: timeout)
        return ClientConnection(socket: socket)
    }

    private init(socket: AsyncSocket) {
        self.socket = socket
    }

    /// Sends `bytes`.
    func send(_ bytes: [UInt8], timeout: Duration) async throws {
        try await socket.write(bytes, deadline: .now + timeout)
    }

    /// Reads the next final response (interim 1xx responses are skipped).
    ///
    /// - Parameter method: the request's method (a `HEAD` response has no body).
    mutating func readResponse(for method: HTTPMethod, timeout: Duration) async throws -> Response {
        let deadline = ContinuousClock.now + timeout
        var received = 0
        while true {
            do {
                if let response = try decoder.decode(
                    from: &buffer, requestMethod: method, atEndOfStream: isClosedByPeer)
                {
                    return response
                }
            } catch {
                throw TestClientError.invalidResponse(String(describing: error))
            }
            if isClosedByPeer { throw TestClientError.closedBeforeResponse(receivedBytes: received) }
            switch try await socket.read(into: &buffer, deadline: deadline) {
            case .bytes(let count): received += count
            case .endOfStream, .interrupted: isClosedByPeer = true
            case .timedOut: throw TestClientError.timedOut(timeout)
            }
        }
    }

    /// Reads exactly `count` bytes.
    mutating func read(count: Int, timeout: Duration) async throws -> Data {
        let deadline = ContinuousClock.now + timeout
        while buffer.readableCount < count {
            switch try await socket.read(into: &buffer, deadline: deadline) {
            case .bytes: continue
            case .endOfStream, .interrupted:
                isClosedByPeer = true
                throw TestClientError.closedBeforeResponse(receivedBytes: buffer.readableCount)
            case .timedOut: throw TestClientError.timedOut(timeout)
            }
        }
        return Data(buffer.read(count))
    }

    /// Reads until the server closes the connection or `timeout` passes; returns the bytes
    /// received and whether the server closed.
    mutating func readUntilClosed(timeout: Duration) async throws -> (Data, closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        while !isClosedByPeer {
            switch try await socket.read(into: &buffer, deadline: deadline) {
            case .bytes: continue
            case .endOfStream, .interrupted: isClosedByPeer = true
            case .timedOut: return (Data(buffer.read(buffer.readableCount)), false)
            }
        }
        return (Data(buffer.read(buffer.readableCount)), true)
    }

    /// Closes the connection.
    func close() {
        socket.close()
    }
}
