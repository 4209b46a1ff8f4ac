import Foundation

/// `es-embedded check`: reads a data directory as recovery would, without changing anything.
public enum DataDirectoryCheck {
    /// Reads every file of `directory` to its end.
    ///
    /// - Throws: ``EmbeddedEngineError`` when the directory does not exist or a file cannot be read.
    public static func run(directory: String) throws -> DataDirectoryReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw EmbeddedEngineError.dataDirectoryUnavailable(
                path: directory, reason: "it does not exist or is not a directory")
        }
        // Taken only when the file exists, so that checking creates nothing; held while reading
        // so that no engine starts (and changes the files) meanwhile.
        let lockPath = Journal.path(directory, "LOCK")
        var lock: PosixFile?
        var inUse = false
        if FileManager.default.fileExists(atPath: lockPath) {
            lock = try PosixFile.lock(lockPath)
            inUse = lock == nil
        }
        defer { _ = lock }
        let recovered = try Journal.recover(directory: directory, mode: .inspect, warn: { _ in }) { _ in }
        var indices = Set<String>()
        let files = recovered.files.map { summary -> DataDirectoryReport.File in
            indices.formUnion(summary.recordsByIndex.keys.filter { !$0.isEmpty })
            let name = (summary.path as NSString).lastPathComponent
            let isSnapshot = name == Journal.snapshotName
            return DataDirectoryReport.File(
                path: summary.path, size: summary.size, isSnapshot: isSnapshot,
                firstLSN: isSnapshot ? nil : UInt64(name.dropFirst(4).dropLast(4)),
                records: summary.records, recordsByIndex: summary.recordsByIndex, damages: summary.damages,
                tornTail: summary.tornTail, isCurrentFormat: summary.isCurrentFormat)
        }
        var images: DataDirectoryReport.IndexImages?
        let imageFile = IndexImageFile.name(lsn: recovered.report.snapshotLSN)
        if FileManager.default.fileExists(atPath: Journal.path(directory, imageFile)) {
            let read = IndexImageFile.read(directory: directory, lsn: recovered.report.snapshotLSN)
            images = DataDirectoryReport.IndexImages(
                usable: read.images.keys.sorted(),
                problem: read.problem ?? (read.images.isEmpty ? "no intact index image" : nil))
        }
        return DataDirectoryReport(
            directory: directory, files: files, snapshotLSN: recovered.report.snapshotLSN,
            failedIndices: recovered.report.failedIndices.mapValues(\.damages),
            engineDamage: recovered.engineDamage, harmlessDamage: recovered.report.harmlessDamage,
            indices: indices.union(recovered.report.failedIndices.keys).sorted(),
            temporarySnapshot: FileManager.default.fileExists(
                atPath: Journal.path(directory, Journal.temporarySnapshotName)),
            inUse: inUse, indexImages: images)
    }
}
