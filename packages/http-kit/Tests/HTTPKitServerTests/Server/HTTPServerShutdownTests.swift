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
        let started = StartedHandlers()
        let server = try Application(
            router: makeEchoRouter(started: started), configuration: ServerConfiguration(port: 0)
        )
        .makeServer()
        async let serving: Void = server.run()

        let idle = try await RawConnection.connect(to: server.address)
        try await idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try await idle.readResponse()
        let busy = try await RawConnection.connect(to: server.address)
        try await busy.send("GET /slow/300 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await started.wait()

        server.shutdown()
        #expect(try await idle.readUntilClosed().closed)
        let response = try await busy.readResponse()
        #expect(response.bodyText == "slept 300")
        #expect(response.headers["Connection"] == "close")
        try await serving
        #expect(server.connectionCount == 0)
        await #expect(throws: ServerError.self) { _ = try await RawConnection.connect(to: server.address) }
    }

    @Test func forceClosesConnectionsAfterTheGracePeriod() async throws {
        let configuration = ServerConfiguration(port: 0, shutdownGracePeriod: .milliseconds(100))
        let started = StartedHandlers()
        let server = try Application(router: makeEchoRouter(started: started), configuration: configuration)
            .makeServer()
        async let serving: Void = server.run()
        let stuck = try await RawConnection.connect(to: server.address)
        try await stuck.send("GET /slow/10000 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await started.wait()
        let start = ContinuousClock.now
        server.shutdown()
        try await serving
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(try await stuck.readUntilClosed().closed)
    }

    @Test func shutsDownGracefullyOnASignal() async throws {
        let started = StartedHandlers()
        let router = makeEchoRouter(started: started)
        let configuration = ServerConfiguration(port: 0, shutdownSignals: [SIGUSR2])
        let sink = InMemoryLogSink()
        let app = Application(
            router: router, configuration: configuration, logger: Logger(label: "http", sink: sink))
        let bound = Mutex<SocketAddress?>(nil)
        async let running: Void = app.run { address in bound.withLock { $0 = address } }

        var address: SocketAddress?
        while address == nil {
            try await Task.sleep(for: .milliseconds(5))
            address = bound.withLock { $0 }
        }
        let connection = try await RawConnection.connect(to: try #require(address))
        try await connection.send("GET /slow/200 HTTP/1.1\r\nHost: t\r\n\r\n")
        try await started.wait()
        kill(getpid(), SIGUSR2)
        let response = try await connection.readResponse()
        #expect(response.bodyText == "slept 200")
        #expect(response.headers["Connection"] == "close")
        try await running
        let messages = sink.records.map(\.message)
        #expect(messages.first?.hasPrefix("listening on http://127.0.0.1:") == true)
        #expect(messages.contains("received SIGUSR2; finishing in-flight requests"))
        #expect(messages.last == "stopped")
    }

    /// A signal sent the moment the address is announced stops the server: the handler is
    /// installed before, so the signal is neither lost nor fatal.
    @Test func aSignalRightAfterListeningStopsTheServer() async throws {
        let configuration = ServerConfiguration(port: 0, shutdownSignals: [SIGUSR1])
        let sink = InMemoryLogSink()
        let app = Application(
            router: Router(), configuration: configuration, logger: Logger(label: "http", sink: sink))
        let stopped = Mutex(false)
        let running = Task {
            try await app.run { _ in kill(getpid(), SIGUSR1) }
            stopped.withLock { $0 = true }
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while !stopped.withLock({ $0 }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let stoppedInTime = stopped.withLock { $0 }
        #expect(stoppedInTime, "the signal sent on listening was lost")
        if !stoppedInTime { kill(getpid(), SIGUSR1) }  // a second one, to end the server anyway
        try await running.value
        #expect(sink.records.map(\.message).contains("received SIGUSR1; finishing in-flight requests"))
    }
}
