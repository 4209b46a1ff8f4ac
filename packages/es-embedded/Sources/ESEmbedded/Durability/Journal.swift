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
/// - `LOCK`: held while an engine uses the directory.
///
/// Recovery loads the snapshot, then replays the log records that came after it. A damaged
/// record (the torn last write of a crash) ends its segment: it is reported on the warning
/// channel and cut off, never a crash.
final class Journal: Sendable {
    private struct State {
        var segment: PosixFile
        var nextLSN: UInt64
        var bytesSinceCheckpoint = 0
        var checkpointRunning = false
        /// Where records are framed before they are written (kept to reuse its storage).
        var buffer = ByteWriter()
        /// The lock on the data directory; `nil` once closed.
        var lock: PosixFile?
    }

    let directory: String
    let checkpointBytes: Int
    let warn: @Sendable (String) -> Void
    private let state: Mutex<State>
    private let checkpoints = DispatchGroup()

    private init(
        directory: String, lock: PosixFile, segment: PosixFile, nextLSN: UInt64, checkpointBytes: Int,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.directory = directory
        self.checkpointBytes = checkpointBytes
        self.warn = warn
        self.state = Mutex(State(segment: segment, nextLSN: nextLSN, lock: lock))
    }

    /// The largest record buffer kept between appends.
    static let retainedBufferBytes = 16 << 20

    static let snapshotName = "snapshot.esj"
    static let temporarySnapshotName = "snapshot.tmp"

    /// Opens a data directory (creating it), replaying its snapshot and log through `replay`.
    ///
    /// - Throws: ``EmbeddedEngineError`` when the directory cannot be used, is locked by
    ///   another engine, or its snapshot is damaged.
    static func open(
        directory: String, checkpointBytes: Int, warn: @escaping @Sendable (String) -> Void,
        replay: (StoredRecord) throws -> Void
    ) throws -> Journal {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw EmbeddedEngineError.dataDirectoryUnavailable(
                path: directory, reason: "\(error.localizedDescription)")
        }
        guard let lock = try PosixFile.lock(path(directory, "LOCK")) else {
            throw EmbeddedEngineError.dataDirectoryLocked(path: directory)
        }
        try? FileManager.default.removeItem(atPath: path(directory, temporarySnapshotName))
        let snapshotLSN = try loadSnapshot(directory, replay: replay, warn: warn)
        var lastLSN = snapshotLSN
        let segments = try segmentFiles(directory)
        for (position, segment) in segments.enumerated() {
            let bytes = try readFile(segment.path)
            var decodeFailure: RecordFraming.Damage?
            var (validEnd, damage) = RecordFraming.read(bytes, magic: RecordFraming.walMagic) {
                payload, offset in
                guard decodeFailure == nil else { return }
                let decoded: StoredRecord
                do {
                    decoded = try RecordCodec.decode(payload)
                } catch {
                    decodeFailure = RecordFraming.Damage(
                        offset: offset, reason: (error as? RecordCodec.DecodingFailure)?.reason ?? "\(error)")
                    return
                }
                guard case .change(let lsn, let record) = decoded else {
                    decodeFailure = RecordFraming.Damage(
                        offset: offset, reason: "a snapshot record in the log")
                    return
                }
                lastLSN = max(lastLSN, lsn)
                guard lsn > snapshotLSN else { return }
                do {
                    try replay(.change(lsn: lsn, record))
                } catch {
                    warn(
                        "es-embedded: warning: record \(lsn) of '\(segment.path)' could not be applied (\(error)); skipped"
                    )
                }
            }
            if let decodeFailure, decodeFailure.offset < validEnd || damage == nil {
                validEnd = decodeFailure.offset
                damage = decodeFailure
            }
            if let damage {
                let dropped = bytes.count - validEnd
                let place =
                    position == segments.count - 1
                    ? "the torn last write of a crash, never acknowledged"
                    : "more segments follow it: the disk may be damaged"
                warn(
                    "es-embedded: warning: write-ahead log '\(segment.path)' has a damaged record at byte \(damage.offset) "
                        + "(\(damage.reason)); dropping it and the \(dropped) bytes after it (\(place))")
                if validEnd < RecordFraming.walMagic.count {
                    try? FileManager.default.removeItem(atPath: segment.path)
                } else {
                    try PosixFile.truncate(segment.path, to: validEnd)
                }
            }
        }
        let nextLSN = lastLSN + 1
        let segment = try createSegment(directory, firstLSN: nextLSN)
        return Journal(
            directory: directory, lock: lock, segment: segment, nextLSN: nextLSN,
            checkpointBytes: checkpointBytes,
            warn: warn)
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
                RecordFraming.frame(into: &buffer) {
                    RecordCodec.encode(.change(lsn: lsn, record), into: &$0)
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

    /// Whether enough was logged since the last snapshot to write a new one.
    var wantsCheckpoint: Bool {
        state.withLock { $0.bytesSinceCheckpoint >= checkpointBytes && !$0.checkpointRunning }
    }

    /// Starts a snapshot of `catalog` (the state after the last appended record): the log
    /// moves to a new segment now, the snapshot is written in the background, and the old
    /// segments are removed once it is safely in place.
    func beginCheckpoint(of catalog: Catalog) {
        guard let (lsn, firstKept) = rotate() else { return }
        checkpoints.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EmbeddedEngineError.io(path: path, operation: "read", reason: "the file cannot be read")
        }
        return [UInt8](data)
    }
}
