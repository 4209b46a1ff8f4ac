import ESModels
import Foundation
import Synchronization

/// The embedded engine: every index and alias behind one lock, searches on refreshed
/// snapshots taken under the lock and run outside it, and an optional journal that makes
/// acknowledged writes durable.
///
/// Writers are serialised (as a single-shard index's writes are); readers only hold the lock
/// to take a snapshot, so concurrent searches run in parallel with each other and with writes.
final class Engine: Sendable {
    let clock: WallClock
    let autoCreateIndex: Bool
    private let state = Mutex(Catalog())
    private let journal: Journal?
    private let started = ContinuousClock.now
    private let writeFailure = Mutex<EmbeddedEngineError?>(nil)
    /// Open point-in-time and scroll contexts: frozen snapshots of the indices they search.
    let readerContexts = Mutex(ReaderContexts())

    /// Whether writes go to a write-ahead log (and wait for the disk).
    var isDurable: Bool { journal != nil }

    /// Returns once no background snapshot is running.
    func backgroundSnapshotsFinished() async {
        await journal?.checkpointsFinished()
    }

    init(clock: WallClock, autoCreateIndex: Bool, journal: Journal?, recovered: Catalog?) {
        self.clock = clock
        self.autoCreateIndex = autoCreateIndex
        self.journal = journal
        if let recovered { state.withLock { $0 = recovered } }
    }

    /// Milliseconds on a monotonic clock since the engine started (for refresh intervals and `took`).
    var monotonicMillis: Int64 {
        let elapsed = ContinuousClock.now - started
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }

    /// Runs `body` with the catalog for reading (and lazy refreshes).
    func read<Result: Sendable>(_ body: (inout Catalog) throws -> Result) throws -> Result {
        try state.withLock { catalog in try body(&catalog) }
    }

    /// Runs a write: `body` changes the catalog and lists the journal records of its changes;
    /// the records are written before the lock is released and made durable (fsync) before
    /// this returns, so a returned write survives a crash.
    func write<Result: Sendable>(_ body: (inout Catalog, inout [JournalRecord]) throws -> Result) throws
        -> Result
    {
        let result = try state.withLock { catalog -> Result in
            if let failure = writeFailure.withLock({ $0 }) {
                throw failure
            }
            var records: [JournalRecord] = []
            do {
                let outcome = try body(&catalog, &records)
                try append(records, catalog: catalog)
                return outcome
            } catch {
                try append(records, catalog: catalog)
                throw error
            }
        }
        try sync()
        return result
    }

    /// Runs a long write in steps, releasing the lock between them so searches are not held up
    /// by a large bulk; everything is durable when it returns.
    func writeInSteps<Item: Sendable, Output: Sendable>(
        _ items: [Item], stepSize: Int, _ body: (inout Catalog, inout [JournalRecord], Item) -> Output
    ) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(items.count)
        var start = 0
        while start < items.count {
            let end = min(items.count, start + stepSize)
            let slice = Array(items[start..<end])
            let produced = try state.withLock { catalog -> [Output] in
                if let failure = writeFailure.withLock({ $0 }) {
                    throw failure
                }
                var records: [JournalRecord] = []
                let results = slice.map { body(&catalog, &records, $0) }
                try append(records, catalog: catalog)
                return results
            }
            outputs.append(contentsOf: produced)
            start = end
        }
        try sync()
        return outputs
    }

    private func append(_ records: [JournalRecord], catalog: Catalog) throws {
        guard let journal, !records.isEmpty else { return }
        do {
            try journal.append(records)
            // No snapshot while an index is failed: its records stay in the log for a repair.
            if catalog.failed.isEmpty, journal.wantsCheckpoint { journal.beginCheckpoint(of: catalog) }
        } catch {
            writeFailure.withLock { $0 = .writesDisabled(reason: "\(error)") }
            throw error
        }
    }

    private func sync() throws {
        guard let journal else { return }
        do {
            try journal.sync()
        } catch {
            writeFailure.withLock { $0 = .writesDisabled(reason: "\(error)") }
            throw error
        }
    }

    /// Snapshots right after recovery when the log it replayed is large, so that the next
    /// start, after a crash too, replays little: in the background when the log holds more than
    /// four segments or an eighth of `checkpointBytes`; before serving when it holds more than
    /// eight segments or all of `checkpointBytes` (background snapshots were killed before they
    /// finished, as in a crash loop faster than a snapshot).
    func checkpointAfterRecovery(_ report: RecoveryReport, log: (String) -> Void) {
        guard let journal, report.replayedRecords > 0,
            report.logBytes >= journal.checkpointBytes / 8 || report.segments > 4
        else { return }
        let urgent = report.logBytes >= journal.checkpointBytes || report.segments > 8
        let pending = state.withLock { catalog -> (Catalog, Journal.CheckpointTicket)? in
            guard catalog.failed.isEmpty else { return nil }
            guard urgent else {
                journal.beginCheckpoint(of: catalog)
                return nil
            }
            return journal.prepareCheckpoint().map { (catalog, $0) }
        }
        guard let (catalog, ticket) = pending else { return }
        let started = ContinuousClock.now
        do {
            try journal.writeCheckpoint(catalog, ticket: ticket)
            log(
                "es-embedded: wrote a snapshot before serving (\(report.segments) log segments, "
                    + "\(RecoveryReport.megabytes(report.logBytes)) replayed) in \(RecoveryReport.seconds(ContinuousClock.now - started))"
            )
        } catch {
            journal.warn(
                "es-embedded: warning: snapshot failed (\(error)); the write-ahead log keeps every change")
        }
    }

    /// Writes a final snapshot and releases the data directory (graceful shutdown); writes
    /// fail afterwards. With a failed index there is no snapshot: the log keeps its records
    /// for a repair.
    func close() throws {
        guard let journal else { return }
        journal.waitForCheckpoints()
        let (catalog, ticket) = state.withLock { catalog in
            writeFailure.withLock { $0 = .closed }
            return (catalog, catalog.failed.isEmpty ? journal.prepareCheckpoint() : nil)
        }
        defer { journal.close() }
        if let ticket { try journal.writeCheckpoint(catalog, ticket: ticket) }
    }

    /// A new random identifier of `length` URL-safe base64 characters (Elasticsearch's ids and
    /// index uuids look the same).
    static func randomIdentifier(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next() % 64)] })
    }
}
