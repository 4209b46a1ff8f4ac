import Foundation

extension Journal {
    /// Replays the snapshot of `directory`, if there is one; returns the last lsn it includes.
    ///
    /// - Throws: ``EmbeddedEngineError/corruptSnapshot(path:reason:)`` when it is incomplete
    ///   or a record is damaged: it is renamed into place whole, so damage means the disk
    ///   changed it, and starting without it would silently lose data.
    static func loadSnapshot(
        _ directory: String, replay: (StoredRecord) throws -> Void, warn: @Sendable (String) -> Void
    ) throws -> UInt64 {
        let file = path(directory, snapshotName)
        guard FileManager.default.fileExists(atPath: file) else { return 0 }
        let bytes = try readFile(file)
        var lsn: UInt64?
        var count = 0
        var ended = false
        var problem: String?
        let (_, damage) = RecordFraming.read(bytes, magic: RecordFraming.snapshotMagic) { payload, offset in
            guard problem == nil, !ended else {
                if ended { problem = "records after the end record" }
                return
            }
            let record: StoredRecord
            do {
                record = try RecordCodec.decode(payload)
            } catch {
                problem =
                    "record at byte \(offset): \((error as? RecordCodec.DecodingFailure)?.reason ?? "\(error)")"
                return
            }
            switch record {
            case .snapshotHeader(let header):
                lsn = header
            case .snapshotEnd(let records):
                if records != count { problem = "it holds \(count) records, its end record says \(records)" }
                ended = true
            default:
                guard lsn != nil else {
                    problem = "it does not start with a header"
                    return
                }
                count += 1
                do {
                    try replay(record)
                } catch {
                    warn("es-embedded: warning: a snapshot record could not be applied (\(error)); skipped")
                }
            }
        }
        if let damage {
            throw EmbeddedEngineError.corruptSnapshot(
                path: file, reason: "byte \(damage.offset): \(damage.reason)")
        }
        if let problem { throw EmbeddedEngineError.corruptSnapshot(path: file, reason: problem) }
        guard let lsn, ended else {
            throw EmbeddedEngineError.corruptSnapshot(path: file, reason: "it is incomplete")
        }
        return lsn
    }

    /// Writes `catalog` as the snapshot at `lsn`, then removes the segments before `firstKept`.
    func writeSnapshot(_ catalog: Catalog, lsn: UInt64, removingSegmentsBefore firstKept: UInt64) throws {
        let temporary = Self.path(directory, Self.temporarySnapshotName)
        let file = try PosixFile.create(temporary)
        var buffer = ByteWriter(bytes: RecordFraming.snapshotMagic)
        var count = 0
        func add(_ record: StoredRecord) throws {
            RecordFraming.frame(into: &buffer) { RecordCodec.encode(record, into: &$0) }
            if case .change = record { count += 1 } else if case .indexCounters = record { count += 1 }
            if buffer.bytes.count >= 4 << 20 {
                try file.write(buffer.bytes)
                buffer.bytes.removeAll(keepingCapacity: true)
            }
        }
        try add(.snapshotHeader(lsn: lsn))
        for name in catalog.indices.keys.sorted() {
            guard let index = catalog.indices[name] else { continue }
            try add(
                .change(
                    lsn: 0,
                    .createIndex(
                        name: name, uuid: index.identity.uuid, creationDate: index.creationDate,
                        settings: index.settings,
                        mapping: index.mapping)))
            try add(.indexCounters(index: name, nextSeqNo: index.nextSeqNo))
            let writer = index.writer
            for (id, entry) in writer.entries {
                if let doc = entry.doc {
                    try add(
                        .change(
                            lsn: 0,
                            .put(
                                index: name, id: id, version: entry.version, seqNo: entry.seqNo,
                                source: writer.sources[Int(doc)])))
                } else {
                    try add(
                        .change(
                            lsn: 0, .delete(index: name, id: id, version: entry.version, seqNo: entry.seqNo)))
                }
            }
        }
        try add(.change(lsn: 0, .aliases(catalog.aliases)))
        RecordFraming.frame(into: &buffer) { RecordCodec.encode(.snapshotEnd(records: count), into: &$0) }
        try file.write(buffer.bytes)
        try file.sync()
        try PosixFile.rename(temporary, to: Self.path(directory, Self.snapshotName))
        try PosixFile.syncDirectory(directory)
        for segment in try Self.segmentFiles(directory) where segment.firstLSN < firstKept {
            try? FileManager.default.removeItem(atPath: segment.path)
        }
        try PosixFile.syncDirectory(directory)
    }
}
