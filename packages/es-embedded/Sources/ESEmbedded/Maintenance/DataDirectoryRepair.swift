import ESModels
import Foundation

/// `es-embedded repair`: rebuilds a damaged data directory from every intact record, as
/// Elasticsearch's `elasticsearch-shard remove-corrupted-data` does for a shard, but keeping
/// what follows the damage.
///
/// Every intact record of the snapshot and the log is applied in order (in format 2 reading
/// resumes after damage at the next intact record header); the records the damage cost are
/// dropped. The result is written as a new snapshot; the old snapshot and every log segment
/// are moved into `damaged-<UTC time>/` inside the data directory, never deleted. The new
/// snapshot is in place (renamed whole) before any segment moves, so an interrupted repair
/// leaves a directory that opens, or that the same repair finishes.
public enum DataDirectoryRepair {
    /// Repairs `directory`, dropping the damaged records `scope` allows.
    ///
    /// - Parameters:
    ///   - directory: the data directory.
    ///   - scope: which damaged records may be dropped.
    ///   - clock: names the directory the damaged files move to.
    /// - Throws: ``EmbeddedEngineError/dataDirectoryLocked(path:)`` while an engine runs on it;
    ///   ``EmbeddedEngineError/repairScope(path:damagedIndices:engineDamaged:)`` when damage
    ///   outside `scope` exists; I/O errors.
    public static func run(directory: String, scope: RepairScope, clock: WallClock) throws -> RepairReport {
        let report = try DataDirectoryCheck.run(directory: directory)
        guard !report.inUse, let lock = try PosixFile.lock(Journal.path(directory, "LOCK")) else {
            throw EmbeddedEngineError.dataDirectoryLocked(path: directory)
        }
        return try withExtendedLifetime(lock) {
            guard report.needsRepair else {
                return RepairReport(
                    directory: directory, repaired: false, dropped: [], keptRecords: 0, unappliedRecords: 0,
                    movedTo: nil, movedFiles: [], snapshotLSN: report.snapshotLSN, documents: [:])
            }
            if case .indices(let names) = scope {
                let missing = report.failedIndices.keys.filter { !names.contains($0) }.sorted()
                guard missing.isEmpty, report.engineDamage.isEmpty else {
                    throw EmbeddedEngineError.repairScope(
                        path: directory, damagedIndices: report.failedIndices.keys.sorted(),
                        engineDamaged: !report.engineDamage.isEmpty)
                }
            }
            var catalog = Catalog()
            let recovered = try Journal.recover(directory: directory, mode: .salvage, warn: { _ in }) {
                event in
                if case .record(let record) = event { try catalog.replay(record, monotonicMillis: 0) }
            }
            let kept = recovered.files.reduce(0) { $0 + $1.records }
            let temporary = try Journal.writeTemporarySnapshot(
                catalog, lsn: recovered.lastLSN, directory: directory)

            let quarantine = try makeQuarantine(directory, clock: clock)
            var moved: [String] = []
            let snapshot = Journal.path(directory, Journal.snapshotName)
            if FileManager.default.fileExists(atPath: snapshot) {
                // A second name for the old snapshot first: the new one then replaces it atomically.
                try FileManager.default.linkItem(
                    atPath: snapshot, toPath: Journal.path(quarantine, Journal.snapshotName))
                moved.append(Journal.snapshotName)
            }
            // The index images belong to the old snapshot: aside with it (the next snapshot
            // writes new ones).
            for image in IndexImageFile.files(directory) {
                try PosixFile.rename(
                    Journal.path(directory, image.name), to: Journal.path(quarantine, image.name))
                moved.append(image.name)
            }
            try PosixFile.syncDirectory(quarantine)
            try PosixFile.rename(temporary, to: snapshot)
            try PosixFile.syncDirectory(directory)
            for segment in try Journal.segmentFiles(directory) {
                let name = (segment.path as NSString).lastPathComponent
                try PosixFile.rename(segment.path, to: Journal.path(quarantine, name))
                moved.append(name)
            }
            try PosixFile.syncDirectory(quarantine)
            try PosixFile.syncDirectory(directory)

            var seen = Set<String>()
            let dropped = (report.engineDamage + report.failedIndices.values.flatMap { $0 })
                .filter { seen.insert("\($0.file)#\($0.offset)").inserted }
                .sorted { ($0.file, $0.offset) < ($1.file, $1.offset) }
            return RepairReport(
                directory: directory, repaired: true, dropped: dropped, keptRecords: kept,
                unappliedRecords: recovered.unapplied, movedTo: quarantine, movedFiles: moved,
                snapshotLSN: recovered.lastLSN,
                documents: catalog.indices.mapValues { $0.writer.liveCount })
        }
    }

    /// A new `damaged-<UTC time>` directory inside `directory`.
    private static func makeQuarantine(_ directory: String, clock: WallClock) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = "damaged-" + formatter.string(from: clock.now())
        var name = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: Journal.path(directory, name)) {
            attempt += 1
            name = "\(base)-\(attempt)"
        }
        let path = Journal.path(directory, name)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw EmbeddedEngineError.io(path: path, operation: "create", reason: error.localizedDescription)
        }
        return path
    }
}
