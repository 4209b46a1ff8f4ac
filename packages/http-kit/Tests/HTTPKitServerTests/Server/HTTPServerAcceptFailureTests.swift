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

/// The real `accept`, except that for a while it fails as it does when the process has no
/// descriptor left (`EMFILE`), which a test cannot cause without starving the whole test
/// process. The while starts at the first attempt, so a slow start (a loaded machine) does not
/// eat into it.
private final class ExhaustedAccept: Sendable {
    private struct State {
        var attempts = 0
        var failures = 0
        var failingUntil: ContinuousClock.Instant?
    }

    private let failingFor: Duration
    private let state = Mutex(State())

    init(failingFor duration: Duration) {
        failingFor = duration
    }

    var attempts: Int { state.withLock { $0.attempts } }
    var failures: Int { state.withLock { $0.failures } }

    func accept(_ listener: SocketDescriptor) throws -> AcceptOutcome {
        let fails = state.withLock { state in
            state.attempts += 1
            let now = ContinuousClock.now
            let until = state.failingUntil ?? now + failingFor
            state.failingUntil = until
            guard now < until else { return false }
            state.failures += 1
            return true
        }
        if fails, let outcome = try SocketDescriptor.acceptOutcome(failure: EMFILE) { return outcome }
        return try listener.accept()
    }
}

@Suite struct HTTPServerAcceptFailureTests {
    @Test func backsOffWhileOutOfDescriptorsLogsOnceAndResumes() async throws {
        let sink = InMemoryLogSink()
        let application = Application(
            router: makeEchoRouter(), configuration: ServerConfiguration(port: 0),
            logger: Logger(label: "test", level: .info, sink: sink))
        let exhausted = ExhaustedAccept(failingFor: .milliseconds(400))
        let server = try HTTPServer(
            configuration: application.configuration, logger: application.logger, accept: exhausted.accept
        ) { request, _ in
            await application.handle(request)
        }
        async let serving: Void = server.run()

        // Waits in the backlog through the failures, then is served.
        let connection = try await RawConnection.connect(to: server.address)
        try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await connection.readResponse().bodyText == "hello")
        await connection.close()
        server.shutdown()
        try await serving

        // Waits of 10, 20, 40, 80, 160, 200 ms fit about six failures in 400 ms; a loop
        // retrying at once would fail thousands of times.
        #expect(exhausted.failures >= 2)
        #expect(exhausted.failures <= 12)
        let notices = sink.records.filter { $0.level == .notice }.map(\.message)
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("cannot accept connections: too many open files;") == true)
        let recovered = sink.records.filter { $0.message.hasPrefix("accepting connections again") }
        #expect(
            recovered.map(\.message) == [
                "accepting connections again after \(exhausted.failures) failed attempt(s)"
            ])
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
