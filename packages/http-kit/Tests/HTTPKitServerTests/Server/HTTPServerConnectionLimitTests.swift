import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerConnectionLimitTests {
    private let hello = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Opens a connection and gets one answer on it, so the server has surely accepted it.
    private func openServed(_ server: HTTPServer) async throws -> RawConnection {
        let connection = try await RawConnection.connect(to: server.address)
        try await connection.send(hello)
        #expect(try await connection.readResponse().bodyText == "hello")
        return connection
    }

    @Test func holdsConnectionsBeyondTheCapInTheBacklogUntilOneCloses() async throws {
        let configuration = ServerConfiguration(maxConnections: 3)
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            #expect(server.maxConnections == 3)
            var open: [RawConnection] = []
            for _ in 0..<3 {
                open.append(try await openServed(server))
            }
            #expect(server.connectionCount == 3)

            // The kernel completes the handshake, but the server does not accept it yet.
            let queued = try await RawConnection.connect(to: server.address)
            try await queued.send(hello)
            let early = try await queued.readUntilClosed(timeout: .milliseconds(300))
            #expect(early.data.isEmpty)
            #expect(!early.closed)
            #expect(server.connectionCount == 3)

            // The connections already open keep working meanwhile.
            for connection in open {
                try await connection.send(hello)
                #expect(try await connection.readResponse().bodyText == "hello")
            }

            await open.removeFirst().close()
            #expect(try await queued.readResponse().bodyText == "hello")
            #expect(server.connectionCount == 3)

            // A slot freed later serves a connection made after it.
            await open.removeFirst().close()
            let fresh = try await openServed(server)
            for connection in open + [queued, fresh] {
                try await connection.send(hello)
                #expect(try await connection.readResponse().bodyText == "hello")
                await connection.close()
            }
        }
    }

    @Test func freesTheSlotOfEveryConnectionTheServerCloses() async throws {
        let configuration = ServerConfiguration(maxConnections: 1)
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let requests = [
                "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                "GET / HTTP/1.1\nHost: t\n\n",
                "GET /hello HTTP/1.0\r\n\r\n",
                "POST /echo HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n",
                "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
            ]
            for request in requests {
                let connection = try await RawConnection.connect(to: server.address)
                try await connection.send(request)
                _ = try await connection.readResponse()
                #expect(try await connection.readUntilClosed().closed)
                await connection.close()
            }
            let last = try await openServed(server)
            await last.close()
        }
    }

    @Test func shutsDownWhileConnectionsWaitForASlot() async throws {
        let server = try Application(
            router: makeEchoRouter(), configuration: ServerConfiguration(port: 0, maxConnections: 1)
        )
        .makeServer()
        async let serving: Void = server.run()
        let open = try await openServed(server)
        let queued = try await RawConnection.connect(to: server.address)
        try await queued.send(hello)

        server.shutdown()
        try await serving
        #expect(try await open.readUntilClosed().closed)
        // The listener closed with the connection still in its backlog: it is reset, unanswered.
        #expect(try await queued.readUntilClosed().data.isEmpty)
        await open.close()
        await queued.close()
    }

    @Test func defaultsTheCapToTheDescriptorLimitLessAReserve() {
        #expect(ServerConfiguration.defaultMaxConnections(forDescriptorLimit: 1024) == 896)
        #expect(ServerConfiguration.defaultMaxConnections(forDescriptorLimit: 20_000) == 16_384)
        #expect(ServerConfiguration.defaultMaxConnections(forDescriptorLimit: .max) == 16_384)
        #expect(ServerConfiguration.defaultMaxConnections(forDescriptorLimit: 100) == 64)
        let configured = ServerConfiguration().maxConnections
        #expect(configured == ServerConfiguration.defaultMaxConnections)
        #expect((64...16_384).contains(configured))
    }
}
