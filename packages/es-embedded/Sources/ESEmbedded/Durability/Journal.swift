import Dispatch
import Foundation
import Synchronization

/// The durable side of the engine: a write-ahead log of every change, fsynced before a write
/// is acknowledged, and periodic snapshots of the whole state that let old log segments go.
///
/// Files in the data directory:
/// - `wal-<first lsn>.log`: log segments (records framed with a length and a CRC-32);
/// - `snapshot.esj`: the last snapshot, written to `snapshot.tmp`, fsynced, then renamed over
///   the previous one (and the directory fsynced), so it is always whole;
/// - `snapshot-<lsn>.esi`: the index images of the snapshot at that lsn (``IndexImageFile``);
/// - `LOCK`: held while an engine uses the directory.
///
/// Recovery loads the snapshot, then replays the log records that came after it. Only an
/// incomplete record at the very end of the newest segment, with no intact record after it, is a
/// torn write (never acknowledged): it is reported and cut off. Any other damage fails the index
/// whose records it cost, or the whole engine when that cannot be known (``DamagePolicy``).
final class Journal: Sendable {
    private struct State {
        var segment: PosixFile
        var nextLSN: UInt64
        var bytesSinceCheckpoint = 0
        /// When the last snapshot started (or the journal opened).
        var lastCheckpoint = ContinuousClock.now
        var checkpointRunning = false
        /// Where records are framed before they are written (kept to reuse its storage).
        var buffer = ByteWriter()
        /// The lock on the data directory; `nil` once closed.
        var lock: PosixFile?
    }

    let directory: String
    let checkpointBytes: Int
    let checkpointInterval: Duration
    let warn: @Sendable (String) -> Void
    private let state: Mutex<State>
    private let checkpoints = DispatchGroup()

    private init(
        directory: String, lock: PosixFile, segment: PosixFile, nextLSN: UInt64, checkpointBytes: Int,
        checkpointInterval: Duration, loggedBytes: Int, warn: @escaping @Sendable (String) -> Void
    ) {
        self.directory = directory
        self.checkpointBytes = checkpointBytes
        self.checkpointInterval = checkpointInterval
        self.warn = warn
        self.state = Mutex(
            State(segment: segment, nextLSN: nextLSN, bytesSinceCheckpoint: loggedBytes, lock: lock))
    }

    /// The largest record buffer kept between appends.
    static let retainedBufferBytes = 16 << 20

    static let snapshotName = "snapshot.esj"
    static let temporarySnapshotName = "snapshot.tmp"

    /// Opens a data directory (creating it): replays its snapshot and log through `replay`
    /// (see ``recover(directory:log:warn:apply:)``), cuts off a torn end of the newest segment,
    /// removes a `snapshot.tmp` an interrupted snapshot left, and starts a new segment.
    ///
    /// - Throws: ``EmbeddedEngineError`` when the directory cannot be used, is locked by
    ///   another engine, or damage fails the whole engine (then no file is changed).
    static func open(
        directory: String, checkpointBytes: Int, checkpointInterval: Duration,
        log: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void, replay: (RecoveryEvent) throws -> Void
    ) throws -> (Journal, RecoveryReport) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw EmbeddedEngineError.dataDirectoryUnavailable(
                path: directory, reason: "\(error.localizedDescription)")
        }
        guard let lock = try PosixFile.lock(path(directory, "LOCK")) else {
            throw EmbeddedEngineError.dataDirectoryLocked(path: directory)
        }
        var recovered = try recover(directory: directory, mode: .open, log: log, warn: warn, apply: replay)
        if !recovered.engineDamage.isEmpty {
            throw EmbeddedEngineError.damagedJournal(path: directory, damages: recovered.engineDamage)
        }
        let temporary = path(directory, temporarySnapshotName)
        if FileManager.default.fileExists(atPath: temporary) {
            try? FileManager.default.removeItem(atPath: temporary)
            recovered.report.removedTemporarySnapshot = true
        }
        // Images of another snapshot (a crash after the images of a new one were renamed into
        // place, before the snapshot was) and torn temporary ones are of no use.
        IndexImageFile.removeAll(in: directory, except: recovered.report.snapshotLSN)
        if let cut = recovered.cut {
            warn(
                "es-embedded: warning: \(recovered.report.tornTail.map { "\($0)" } ?? cut.path): "
                    + "cut off (a write a crash interrupted, never acknowledged)")
            if cut.offset < RecordFraming.magicLength {
                try? FileManager.default.removeItem(atPath: cut.path)
            } else {
                try PosixFile.truncate(cut.path, to: cut.offset)
            }
        }
        for damage in recovered.report.harmlessDamage {
            warn(
                "es-embedded: warning: damage that loses nothing (no record, or only records the snapshot holds or an index deleted since): \(damage)"
            )
        }
        for (_, failure) in recovered.report.failedIndices.sorted(by: { $0.key < $1.key }) {
            warn("es-embedded: error: index '\(failure.index)' is not served: \(failure)")
        }
        let nextLSN = recovered.nextLSN
        let segment = try createSegment(directory, firstLSN: nextLSN)
        let journal = Journal(
            directory: directory, lock: lock, segment: segment, nextLSN: nextLSN,
            checkpointBytes: checkpointBytes, checkpointInterval: checkpointInterval,
            loggedBytes: recovered.report.logBytes, warn: warn)
        return (journal, recovered.report)
    }

    /// Writes records to the current segment (not yet durable: see ``sync()``). Called with
    /// the engine's lock held, so records are in the order their changes were applied.
    func append(_ records: [JournalRecord]) throws {
        try state.withLock { state in
            guard state.lock != nil else { throw EmbeddedEngineError.closed }
            var buffer = ByteWriter()
            swap(&buffer, &state.buffer)
            defer {
                // Keeps the storage for the next records, unless one request made it huge.
                if buffer.bytes.capacity <= Self.retainedBufferBytes {
                    buffer.bytes.removeAll(keepingCapacity: true)
                    state.buffer = buffer
                }
            }
            for record in records {
                let lsn = state.nextLSN
                let stored = StoredRecord.change(lsn: lsn, record)
                RecordFraming.frame(into: &buffer, sequence: lsn, scope: stored.scope) {
                    RecordCodec.encode(stored, into: &$0)
                }
                state.nextLSN += 1
            }
            try state.segment.write(buffer.bytes)
            state.bytesSinceCheckpoint += buffer.bytes.count
        }
    }

    /// Makes every appended record durable.
    func sync() throws {
        let segment = state.withLock { $0.segment }
        try segment.sync()
    }

    /// Whether enough was logged since the last snapshot to write a new one: `checkpointBytes`,
    /// or anything at all once `checkpointInterval` has passed.
    var wantsCheckpoint: Bool {
        state.withLock { state in
            guard !state.checkpointRunning, state.bytesSinceCheckpoint > 0 else { return false }
            return state.bytesSinceCheckpoint >= checkpointBytes
                || ContinuousClock.now - state.lastCheckpoint >= checkpointInterval
        }
    }

    /// Starts a snapshot of `catalog` (the state after the last appended record): the log
    /// moves to a new segment now, the snapshot is written in the background, and the old
    /// segments are removed once it is safely in place.
    func beginCheckpoint(of catalog: Catalog) {
        guard let (lsn, firstKept) = rotate() else { return }
        checkpoints.enter()
        // Not on a Dispatch worker: those are the threads Swift's tasks run on, and a snapshot
        // waits for the disk.
        BlockingWorkThreads.shared.submit { [self] in
            defer {
                state.withLock { $0.checkpointRunning = false }
                checkpoints.leave()
            }
            do {
                try writeSnapshot(catalog, lsn: lsn, removingSegmentsBefore: firstKept)
            } catch {
                warn(
                    "es-embedded: warning: snapshot failed (\(error)); the write-ahead log keeps every change"
                )
            }
        }
    }

    /// A snapshot about to be written: the last lsn it includes and the first segment kept.
    struct CheckpointTicket: Sendable {
        var lsn: UInt64
        var firstKept: UInt64
    }

    /// Waits for a running background snapshot.
    func waitForCheckpoints() {
        checkpoints.wait()
    }

    /// Returns once no background snapshot is running, without holding a thread meanwhile.
    func checkpointsFinished() async {
        await withCheckedContinuation { continuation in
            checkpoints.notify(queue: .global()) { continuation.resume() }
        }
    }

    /// Moves the log to a new segment for a snapshot of the state as it is now; call it with
    /// the engine's lock held, then ``writeCheckpoint(_:ticket:)`` with that state. `nil` when
    /// a snapshot is already running.
    func prepareCheckpoint() -> CheckpointTicket? {
        rotate().map { CheckpointTicket(lsn: $0.0, firstKept: $0.1) }
    }

    /// Writes the snapshot a ``prepareCheckpoint()`` ticket stands for.
    func writeCheckpoint(_ catalog: Catalog, ticket: CheckpointTicket) throws {
        defer { state.withLock { $0.checkpointRunning = false } }
        try writeSnapshot(catalog, lsn: ticket.lsn, removingSegmentsBefore: ticket.firstKept)
    }

    /// Waits for a running snapshot to finish, then releases the data directory; later
    /// writes fail.
    func close() {
        checkpoints.wait()
        state.withLock { $0.lock = nil }
    }

    /// Moves the log to a new segment; returns the last lsn before it and the new segment's first.
    private func rotate() -> (UInt64, UInt64)? {
        state.withLock { state -> (UInt64, UInt64)? in
            guard !state.checkpointRunning else { return nil }
            do {
                try state.segment.sync()
                let segment = try Self.createSegment(directory, firstLSN: state.nextLSN)
                state.segment = segment
                state.bytesSinceCheckpoint = 0
                state.lastCheckpoint = ContinuousClock.now
                state.checkpointRunning = true
                return (state.nextLSN - 1, state.nextLSN)
            } catch {
                warn("es-embedded: warning: cannot start a new log segment (\(error)); snapshot postponed")
                return nil
            }
        }
    }

    // MARK: - Files

    static func path(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func createSegment(_ directory: String, firstLSN: UInt64) throws -> PosixFile {
        let digits = String(firstLSN)
        let name = "wal-" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ".log"
        let file = try PosixFile.create(path(directory, name))
        try file.write(RecordFraming.walMagic)
        try file.sync()
        try PosixFile.syncDirectory(directory)
        return file
    }

    /// The log segments, oldest first.
    static func segmentFiles(_ directory: String) throws -> [(path: String, firstLSN: UInt64)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (String, UInt64)? in
            guard name.hasPrefix("wal-"), name.hasSuffix(".log"),
                let number = UInt64(name.dropFirst(4).dropLast(4))
            else { return nil }
            return (path(directory, name), number)
        }.sorted { $0.1 < $1.1 }
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        try PosixFile.readAll(path)
    }
}
