import Synchronization

/// Collects warnings an engine reports, for tests that check them.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    var sink: @Sendable (String) -> Void {
        { message in self.lines.withLock { $0.append(message) } }
    }
}
