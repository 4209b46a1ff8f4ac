import HTTPKit
import HTTPKitServer
import HTTPKitTesting
import Synchronization

/// Sends requests to a server over loopback, reusing idle keep-alive connections; concurrent
/// requests use separate connections.
final class LiveTransport: TestTransport {
    let address: SocketAddress?
    private let server: SocketAddress

    var mode: TestingMode { .live }
    private let idle = Mutex<[ClientConnection]>([])
    private let timeout: Duration

    init(address: SocketAddress, timeout: Duration = .seconds(30)) {
        self.address = address
        self.server = address
        self.timeout = timeout
    }

    func execute(_ request: Request) async throws -> Response {
        let bytes = RequestEncoder.encode(request)
        if let reused = idle.withLock({ $0.popLast() }) {
            // A kept-alive connection may have been closed by the server in the meantime; if
            // nothing at all came back, the request is retried once on a fresh connection.
            if let response = try await exchange(bytes, method: request.method, on: reused, retryable: true) {
                return response
            }
        }
        let connection = try await ClientConnection.connect(to: server, timeout: timeout)
        guard
            let response = try await exchange(bytes, method: request.method, on: connection, retryable: false)
        else {
            throw TestClientError.closedBeforeResponse(receivedBytes: 0)
        }
        return response
    }

    /// Closes the idle connections.
    func close() {
        let connections = idle.withLock { connections in
            defer { connections = [] }
            return connections
        }
        for connection in connections {
            connection.close()
        }
    }

    private func exchange(
        _ bytes: [UInt8], method: HTTPMethod, on connection: ClientConnection, retryable: Bool
    )
        async throws -> Response?
    {
        var connection = connection
        do {
            try await connection.send(bytes, timeout: timeout)
            let response = try await connection.readResponse(for: method, timeout: timeout)
            if connection.isClosedByPeer || response.headers.containsToken("close", inField: "Connection") {
                connection.close()
            } else {
                idle.withLock { $0.append(connection) }
            }
            return response
        } catch TestClientError.closedBeforeResponse(receivedBytes: 0) where retryable {
            connection.close()
            return nil
        } catch ServerError.connectionClosed where retryable {
            connection.close()
            return nil
        } catch {
            connection.close()
            throw error
        }
    }
}
