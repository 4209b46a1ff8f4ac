import CLIKit
import Foundation

/// Prints progress on stderr: on a terminal, one status line redrawn in place; otherwise
/// (CI logs) a line every `every` documents, plus a line per index and per alias move.
public final class ProgressPrinter: IndexingProgress, @unchecked Sendable {
    private let stream: TextOutput
    private let every: Int
    private let lock = NSLock()
    private var lastPrinted: [String: Int] = [:]
    private var statusLineOpen = false

    /// Creates a printer writing to `stream`.
    public init(stream: TextOutput, every: Int = 10_000) {
        self.stream = stream
        self.every = max(1, every)
    }

    public func report(_ event: IndexingEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(let alias, let index):
            line("\(alias): indexing into '\(index)'")
        case .progressed(let alias, let documents, let failed, let rows):
            let text = "\(alias): \(documents) documents indexed, \(failed) failed, \(rows) rows read"
            if stream.isTerminal {
                stream.write("\r\u{1B}[2K" + text)
                statusLineOpen = true
            } else if documents + failed - lastPrinted[alias, default: 0] >= every {
                lastPrinted[alias] = documents + failed
                line(text)
            }
        case .finished(let alias, let index, let documents, let failed):
            line("\(alias): \(documents) documents in '\(index)'" + (failed > 0 ? ", \(failed) failed" : ""))
        case .switched(let aliases):
            line("moved the aliases \(aliases.map { "'\($0)'" }.joined(separator: ", ")) to the new indices")
        case .deleted(let index):
            line("deleted the old version '\(index)'")
        case .applied(let changes, let upserted, let deleted, let failed, let position):
            var text =
                "applied \(changes) \(changes == 1 ? "change" : "changes") up to position \(position): \(upserted) written, \(deleted) deleted"
            if failed > 0 { text += ", \(failed) failed" }
            line(text)
        case .warning(let message):
            line("warning: \(message)")
        }
    }

    private func line(_ text: String) {
        if statusLineOpen {
            stream.write("\r\u{1B}[2K")
            statusLineOpen = false
        }
        stream.write("cms-indexer: \(text)\n")
    }
}
