import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct HTTPServerShutdownTests {
    @Test func finishesInFlightRequestsClosesIdleConnectionsAndStopsAccepting() async throws {
        let gate = HandlerGate()
        let server = try Application(
            router: makeEchoRouter(gate: gate), configuration: ServerConfiguration(port: 0)
        )
        .makeServer()
        async let serving: Void = server.run()

        let idle = try await RawConnection.connect(to: server.address)
        try await idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try await idle.readResponse()
        let busy = try await RawConnection.connect(to: server.address)
        try await busy.send("GET /gated HTTP/1.1\r\nHost: t\r\n\r\n")
        await gate.waitForStarted(1)

        server.shutdown()
        #expect(try await idle.readUntilClosed().closed)
        gate.open()
        let response = try await busy.readResponse()
        #expect(response.bodyText == "passed the gate")
        #expect(response.headers["Connection"] == "close")
        try await serving
        #expect(server.connectionCount == 0)
        await #expect(throws: ServerError.self) { _ = try await RawConnection.connect(to: server.address) }
    }

    /// The grace period runs on the server's (manual) clock: the stuck request is cut off when
    /// the test moves time to its end, and not before.
    @Test func forceClosesConnectionsAfterTheGracePeriod() async throws {
        let configuration = ServerConfiguration(port: 0, shutdownGracePeriod: .milliseconds(100))
        let gate = HandlerGate()
        let (loop, time) = try makeManualLoop()
        let server = try Application(router: makeEchoRouter(gate: gate), configuration: configuration)
            .makeServer(on: loop)
        async let serving: Void = server.run()
        let stuck = try await RawConnection.connect(to: server.address)
        try await stuck.send("GET /gated HTTP/1.1\r\nHost: t\r\n\r\n")
        await gate.waitForStarted(1)
        let graceEnd = time.now + .milliseconds(100)
        server.shutdown()
        await loop.waitForWait(until: graceEnd)
        #expect(server.connectionCount == 1, "the stuck request is still served within the grace period")
        time.advance(to: graceEnd)
        try await serving
        #expect(try await stuck.readUntilClosed().closed)
    }

    @Test func shutsDownGracefullyOnASignal() async throws {
        let gate = HandlerGate()
        let router = makeEchoRouter(gate: gate)
        let configuration = ServerConfiguration(port: 0, shutdownSignals: [SIGUSR2])
        let sink = InMemoryLogSink()
        let app = Application(
            router: router, configuration: configuration, logger: Logger(label: "http", sink: sink))
        let (addresses, announce) = AsyncStream.makeStream(of: SocketAddress.self)
        async let running: Void = app.run { address in announce.yield(address) }

        var announced = addresses.makeAsyncIterator()
        let connection = try await RawConnection.connect(to: try #require(await announced.next()))
        try await connection.send("GET /gated HTTP/1.1\r\nHost: t\r\n\r\n")
        await gate.waitForStarted(1)
        kill(getpid(), SIGUSR2)
        // The signal is handled while the request is still in flight.
        await sink.waitForRecord { $0.message == "received SIGUSR2; finishing in-flight requests" }
        gate.open()
        let response = try await connection.readResponse()
        #expect(response.bodyText == "passed the gate")
        #expect(response.headers["Connection"] == "close")
        try await running
        let messages = sink.records.map(\.message)
        #expect(messages.first?.hasPrefix("listening on http://127.0.0.1:") == true)
        #expect(messages.contains("received SIGUSR2; finishing in-flight requests"))
        #expect(messages.last == "stopped")
    }

    /// A signal sent the moment the address is announced stops the server: the handler is
    /// installed before, so the signal is neither lost nor fatal. (A lost signal leaves the
    /// server running: the time limit fails the test instead of letting it hang.)
    @Test(.timeLimit(.minutes(1))) func aSignalRightAfterListeningStopsTheServer() async throws {
        let configuration = ServerConfiguration(port: 0, shutdownSignals: [SIGUSR1])
        let sink = InMemoryLogSink()
        let app = Application(
            router: Router(), configuration: configuration, logger: Logger(label: "http", sink: sink))
        try await app.run { _ in kill(getpid(), SIGUSR1) }
        #expect(sink.records.map(\.message).contains("received SIGUSR1; finishing in-flight requests"))
    }
}
