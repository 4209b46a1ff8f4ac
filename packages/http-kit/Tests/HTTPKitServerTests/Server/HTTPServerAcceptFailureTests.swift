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

/// The real `accept`, except that its first `failures` attempts fail as they do when the
/// process has no descriptor left (`EMFILE`), which a test cannot cause without starving the
/// whole test process. Counting attempts, not time, makes the episode the same on any machine.
private final class ExhaustedAccept: Sendable {
    private let failing: Int
    private let state = Mutex(0)

    init(failures: Int) {
        failing = failures
    }

    var attempts: Int { state.withLock { $0 } }

    func accept(_ listener: SocketDescriptor) throws -> AcceptOutcome {
        let attempt = state.withLock { attempts in
            attempts += 1
            return attempts
        }
        if attempt <= failing, let outcome = try SocketDescriptor.acceptOutcome(failure: EMFILE) {
            return outcome
        }
        return try listener.accept()
    }
}

@Suite struct HTTPServerAcceptFailureTests {
    /// The server's back-off runs on its loop's manual clock: after each failure it must park
    /// until the next back-off deadline and try nothing before the test moves time there, so
    /// "does not spin" is checked exactly, attempt by attempt.
    @Test func backsOffWhileOutOfDescriptorsLogsOnceAndResumes() async throws {
        let sink = InMemoryLogSink()
        let application = Application(
            router: makeEchoRouter(), configuration: ServerConfiguration(port: 0),
            logger: Logger(label: "test", level: .info, sink: sink))
        let (loop, time) = try makeManualLoop()
        let exhausted = ExhaustedAccept(failures: 5)
        let server = try HTTPServer(
            configuration: application.configuration, logger: application.logger, loop: loop,
            accept: exhausted.accept
        ) { request, _ in
            await application.handle(request)
        }
        // Queued in the backlog before the server runs, so the first success accepts it.
        let connection = try await RawConnection.connect(to: server.address)
        try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        async let serving: Void = server.run()

        // Waits of 10, 20, 40, 80 and 160 ms (doubling up to 200 ms), each begun when the last ended.
        var deadline = time.now
        for (failure, wait) in [10, 20, 40, 80, 160].enumerated() {
            deadline += .milliseconds(wait)
            await loop.waitForWait(until: deadline)
            #expect(exhausted.attempts == failure + 1, "no attempt before the back-off ends")
            time.advance(to: deadline)
        }
        #expect(try await connection.readResponse().bodyText == "hello")
        #expect(exhausted.attempts >= 6)
        await connection.close()
        server.shutdown()
        try await serving

        let notices = sink.records.filter { $0.level == .notice }.map(\.message)
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("cannot accept connections: too many open files;") == true)
        let recovered = sink.records.filter { $0.message.hasPrefix("accepting connections again") }
        #expect(recovered.map(\.message) == ["accepting connections again after 5 failed attempt(s)"])
    }

    @Test func mapsAcceptErrors() throws {
        guard case .outOfResources(let reason) = try SocketDescriptor.acceptOutcome(failure: EMFILE) else {
            Issue.record("EMFILE is not out of resources")
            return
        }
        #expect(reason == "too many open files")
        for error in [ENFILE, ENOBUFS, ENOMEM] {
            let outcome = try SocketDescriptor.acceptOutcome(failure: error)
            guard case .outOfResources = outcome else {
                Issue.record("errno \(error) gives \(String(describing: outcome))")
                continue
            }
        }
        for error in [EINTR, ECONNABORTED, EPROTO, ENETUNREACH] {
            #expect(try SocketDescriptor.acceptOutcome(failure: error) == nil)
        }
        guard case .noneWaiting = try SocketDescriptor.acceptOutcome(failure: EAGAIN) else {
            Issue.record("EAGAIN is not 'none waiting'")
            return
        }
        #expect(throws: ServerError.systemCall("accept", reason: "bad file descriptor")) {
            try SocketDescriptor.acceptOutcome(failure: EBADF)
        }
    }
}
