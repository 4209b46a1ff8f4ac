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

        var connections: [RawConnection] = []
        for _ in 0..<12 {
            let connection = try await RawConnection.connect(to: address)
            try await connection.send(hello)
            connections.append(connection)
        }
        // Those the server could accept are answered; the others wait in the backlog.
        let answered = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask {
                    (index, !(try await connection.readUntilClosed(timeout: .milliseconds(500)).data.isEmpty))
                }
            }
            return try await group.reduce(into: Set<Int>()) { if $1.1 { $0.insert($1.0) } }
        }
        #expect(!answered.isEmpty)
        #expect(answered.count < connections.count)

        for index in answered {
            await connections[index].close()
        }
        for index in connections.indices where !answered.contains(index) {
            #expect(try await connections[index].readResponse().bodyText == "hello")
            await connections[index].close()
        }
        let elapsed = ContinuousClock.now - start

        let lines = fixture.errors.split(separator: "\n")
        let notices = lines.filter {
            $0.contains(" notice starved: cannot accept connections: too many open files")
        }
        #expect(notices.count == 1, "\(lines)")
        let recovery = try #require(
            lines.compactMap { $0.firstMatch(of: /accepting connections again after (\d+) failed attempt/) }
                .first,
            "\(lines)")
        // Backing off (waits doubling to 200 ms) allows a few attempts per second; a loop
        // retrying at once would make thousands.
        let attempts = try #require(Int(recovery.1))
        #expect(attempts <= 10 + 5 * Int(elapsed.components.seconds), "\(attempts) attempts in \(elapsed)")
    }
}
