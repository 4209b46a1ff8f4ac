import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// The server end to end on every event loop back end this platform has, whatever
/// `HTTPKIT_EVENT_LOOP` says: keep-alive, concurrent connections, bodies larger than the socket
/// buffers (writes that wait for writability), deadlines and graceful shutdown.
@Suite(.serialized) struct EventLoopBackendServerTests {
    func configuration(_ backend: EventLoopBackend) -> ServerConfiguration {
        var configuration = ServerConfiguration(port: 0, eventLoop: backend)
        configuration.requestHeadTimeout = .milliseconds(300)
        return configuration
    }

    @Test(arguments: EventLoopBackend.available)
    func servesKeepAliveAndConcurrentConnections(backend: EventLoopBackend) async throws {
        try await withServer(router: makeEchoRouter(), configuration: configuration(backend)) { server in
            #expect(server.eventLoop == backend)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        let connection = try await RawConnection.connect(to: server.address)
                        for index in 0..<10 {
                            try await connection.send(
                                "GET /path/\(client)-\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                            #expect(try await connection.readResponse().bodyText == "GET \(client)-\(index)")
                        }
                        await connection.close()
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// The client reads only once the server waits for writability (its writes filled the
    /// socket buffers).
    @Test(arguments: EventLoopBackend.available)
    func echoesABodyLargerThanTheSocketBuffers(backend: EventLoopBackend) async throws {
        // A loop of the server's own (on the real clock), so that a socket waiting to write on it
        // is this server's.
        let loop = try EventLoop(backend, clock: .continuous)
        try await withServer(router: makeEchoRouter(), configuration: configuration(backend), on: loop) {
            server in
            // 5 MiB: more than the kernel buffers of a loopback connection hold while the client
            // does not read (Linux's send buffer grows to 4 MiB at most, the receive window starts
            // at 128 KiB), so the server must wait to write.
            let body = String(repeating: "0123456789abcdef", count: 320 * 1024)
            let connection = try await RawConnection.connect(to: server.address, timeout: .seconds(30))
            try await connection.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            await loop.waitUntil { $0.isAnyParked(for: .write) }
            let response = try await connection.readResponse()
            #expect(response.status == .ok)
            #expect(response.body == Data(body.utf8))
            await connection.close()
        }
    }

    @Test(arguments: EventLoopBackend.available)
    func answers408WhenAHeadStopsArriving(backend: EventLoopBackend) async throws {
        try await withServer(router: makeEchoRouter(), configuration: configuration(backend)) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost")
            let started = ContinuousClock.now
            #expect(try await connection.readResponse().status == .requestTimeout)
            #expect(ContinuousClock.now - started < .seconds(30), "the head deadline is 300 ms")
            await connection.close()
        }
    }

    @Test(arguments: EventLoopBackend.available)
    func finishesInFlightRequestsOnShutdown(backend: EventLoopBackend) async throws {
        let gate = HandlerGate()
        let application = Application(
            router: makeEchoRouter(gate: gate), configuration: configuration(backend),
            logger: Logger(label: "test", level: .critical))
        let server = try application.makeServer()
        async let serving: Void = server.run()
        let connection = try await RawConnection.connect(to: server.address)
        try await connection.send("GET /gated HTTP/1.1\r\nHost: t\r\n\r\n")
        await gate.waitForStarted(1)
        server.shutdown()
        gate.open()
        #expect(try await connection.readResponse().bodyText == "passed the gate")
        try await serving
        await connection.close()
    }
}
