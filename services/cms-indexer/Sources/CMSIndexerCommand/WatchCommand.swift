import CLIKit
import CMSIndexer
import ESModels
import Foundation

/// `cms-indexer watch`: keeps the live indices fresh until SIGINT or SIGTERM.
struct WatchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "watch",
        abstract: "Applies CMS changes to the live indices as they commit, until SIGINT or SIGTERM.",
        discussion: """
            Each pass does what 'cms-indexer index --incremental' does. On PostgreSQL a commit wakes
            it at once (LISTEN cms_changes); on SQLite it looks every --poll-interval. A status line
            on stderr shows the position, the lag from a change being made to it being searchable,
            and documents per second (redrawn on a terminal, a line per pass that applied something
            otherwise). SIGINT or SIGTERM lets the pass in progress finish and record its position,
            releases the store's lease and exits 0. A pass the store failed transiently
            (unreachable, timed out, 429 or 5xx) is tried again after a growing pause, up to
            30 s, with a warning. The live indices must come from a full
            'cms-indexer index' (which records their position). Exit codes: 0 stopped by a signal,
            1 a failure (store, database, another indexer holding the lease), 64 bad usage.
            """)

    var db = DatabaseOption()
    var backend = BackendChoice()
    @Option(value: "list", help: "Comma-separated indices to keep fresh (default: all).") var only: String?
    @Option(value: "n", in: 1...100_000, help: "Documents per bulk request.") var batchSize = 500
    @Option(
        value: "ms", in: 10...600_000,
        help:
            "Milliseconds between looks at the outbox (default: 250 on SQLite; 5000 on PostgreSQL, woken by NOTIFY)."
    )
    var pollInterval: Int?
    var leaseOption = LeaseOption()

    /// The indices `--only` names, in definition order.
    var indices = CMSIndices.names

    mutating func validate() throws {
        indices = try IndexCommand.parseIndices(only)
        try backend.validate()
        try db.validate()
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let location = try context.existingDatabaseLocation(db.database)
        let stop = StopSignals()
        defer { stop.stop() }
        let interval = pollInterval ?? (location.dialect == .postgres ? 5_000 : 250)
        let configuration = IndexerConfiguration(
            database: location, indices: indices, batchSize: batchSize, clock: context.clock)
        let store = try backend.open(context: context)
        let printer = WatchStatusPrinter(stream: context.errors)
        do {
            let total = try await context.withLease(store.backend, wait: leaseOption.wait) { lease in
                let watcher = try ChangeWatcher(
                    backend: store.backend, configuration: configuration,
                    pollInterval: .milliseconds(interval), time: context.time, lease: lease)
                context.note("watching \(location) for changes (Ctrl-C stops)")
                let total = try await watcher.run(until: { stop.isRequested || lease.isLost }) { status in
                    printer.show(status)
                }
                // Stopped because another indexer took the store over: that is a failure.
                try lease.checkHeld()
                return total
            }
            printer.finish()
            try store.close()
            context.output.write("stopped: " + total.text)
            return .success
        } catch {
            printer.finish()
            try? store.close()
            throw error
        }
    }
}

/// The watch status line: redrawn in place on a terminal, otherwise a line per pass that applied
/// something.
final class WatchStatusPrinter: Sendable {
    private let stream: TextOutput

    init(stream: TextOutput) {
        self.stream = stream
    }

    func show(_ status: WatchStatus) {
        let lag = status.lag.map { String(format: "%.3f s", $0) } ?? "-"
        let text = String(
            format: "watch: position %lld, lag %@, %.0f docs/s, %d changes applied, %d failed",
            status.position,
            lag, status.documentsPerSecond, status.changes, status.failed)
        if stream.isTerminal {
            stream.write("\r\u{1B}[2K" + text)
        } else if status.pass.changes > 0 {
            stream.write("cms-indexer: \(text)\n")
        }
        // On a terminal a warning first clears the status line it replaces.
        let clear = stream.isTerminal ? "\r\u{1B}[2K" : ""
        for error in status.pass.errors { stream.write("\(clear)cms-indexer: warning: \(error)\n") }
        if let retrying = status.retrying { stream.write("\(clear)cms-indexer: warning: \(retrying)\n") }
    }

    func finish() {
        if stream.isTerminal { stream.write("\r\u{1B}[2K") }
    }
}
