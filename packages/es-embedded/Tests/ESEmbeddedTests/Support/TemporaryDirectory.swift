import Foundation
import Synchronization

/// Runs `body` with a fresh temporary directory, removed afterwards whatever happens.
func withTemporaryDirectory<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "es-embedded-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// Collects warnings an engine reports, for tests that check them.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    var sink: @Sendable (String) -> Void {
        { message in self.lines.withLock { $0.append(message) } }
    }
}
