import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerDescriptorExhaustionTests {
    private let hello = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"

    /// A real `EMFILE`, in a separate process: the server must neither spin nor stop, log
    /// the episode once, and resume once descriptors free up. (The server waits on its event
    /// loop, not with `Task.sleep`, whose first use creates a timer descriptor: under
    /// exhaustion that stalls the wait, or crashes the process.)
    @Test func ridesOutRealDescriptorExhaustionAndResumes() async throws {
        let (fixture, address) = try await StarvedServerProcess.start(headroom: 4)
        defer { fixture.signal(SIGKILL) }
        let start = ContinuousClock.now

        // Every connection is open, its request sent, before any is closed: the server can
        // accept only the few its descriptors allow, so it must run out with the rest pending.
        var connections: [RawConnection] = []
        for _ in 0..<12 {
            let connection = try await RawConnection.connect(to: address, timeout: .seconds(60))
            try await connection.send(hello)
            connections.append(connection)
        }
        // Each connection is read until its answer comes, however slowly (a slow answer is not
        // mistaken for none). Answered connections stay open until the server has said it ran
        // out and answered at least one (events, instead of a guess at how long answering
        // takes); then closing them frees the descriptors the others need.
        let release = Release()
        let released = Task {
            // A real process and the kernel's descriptors: its log line is the event to wait for.
            _ = try await fixture.line(
                containing: "cannot accept connections: too many open files", in: .standardError,
                timeout: .seconds(60))
            await release.noticeLogged()
        }
        defer { released.cancel() }
        let answeredBeforeRelease = try await withThrowingTaskGroup(of: Bool.self) { group in
            for connection in connections {
                group.addTask {
                    let response = try await connection.readResponse()
                    let early = await release.answered()
                    #expect(response.bodyText == "hello")
                    await release.wait()
                    await connection.close()
                    return early
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        try await released.value
        let elapsed = ContinuousClock.now - start
        // Those the server accepted before it ran out were answered first; the others waited in
        // the backlog until descriptors were freed.
        #expect(answeredBeforeRelease >= 1)
        #expect(answeredBeforeRelease < connections.count)

        // The server logged its recovery before it accepted the connections that waited, but the
        // line comes through a pipe: wait for it rather than read what has arrived so far.
        let recoveryLine = try await fixture.line(
            containing: "accepting connections again after", in: .standardError, timeout: .seconds(60))
        let recovery = try #require(
            recoveryLine.firstMatch(of: /accepting connections again after (\d+) failed attempt/),
            "\(recoveryLine)")
        let lines = fixture.errors.split(separator: "\n")
        let notices = lines.filter {
            $0.contains(" notice starved: cannot accept connections: too many open files")
        }
        #expect(notices.count == 1, "\(lines)")
        // Backing off (waits doubling to 200 ms, a lower bound the server enforces) allows at
        // most five attempts a second after the first few; a loop retrying at once would make
        // thousands.
        let attempts = try #require(Int(recovery.1))
        #expect(attempts >= 1)
        #expect(attempts <= 10 + 5 * Int(elapsed.components.seconds), "\(attempts) attempts in \(elapsed)")
    }
}

/// The moment the test lets answered connections close: once the server logged that it ran
/// out of descriptors and at least one connection was answered.
private actor Release {
    private var isOpen = false
    private var noticeSeen = false
    private var answers = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Records an answer; whether it came before the release.
    func answered() -> Bool {
        let early = !isOpen
        answers += 1
        openIfDue()
        return early
    }

    func noticeLogged() {
        noticeSeen = true
        openIfDue()
    }

    private func openIfDue() {
        guard !isOpen, noticeSeen, answers > 0 else { return }
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
