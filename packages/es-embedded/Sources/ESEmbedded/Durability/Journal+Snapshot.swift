import Foundation

extension Journal {
    /// Writes `catalog` as the snapshot at `lsn`, then removes the segments before `firstKept`.
    func writeSnapshot(_ catalog: Catalog, lsn: UInt64, removingSegmentsBefore firstKept: UInt64) throws {
        let temporary = try Self.writeTemporarySnapshot(catalog, lsn: lsn, directory: directory)
        try PosixFile.rename(temporary, to: Self.path(directory, Self.snapshotName))
        try PosixFile.syncDirectory(directory)
        for segment in try Self.segmentFiles(directory) where segment.firstLSN < firstKept {
            try? FileManager.default.removeItem(atPath: segment.path)
        }
        try PosixFile.syncDirectory(directory)
    }

    /// Writes `catalog` as a snapshot at `lsn` to `snapshot.tmp` and fsyncs it; returns its
    /// path. Renaming it over `snapshot.esj` puts it in place whole: a crash before that leaves a
    /// `snapshot.tmp` the next start removes, and the previous snapshot untouched.
    static func writeTemporarySnapshot(_ catalog: Catalog, lsn: UInt64, directory: String) throws -> String {
        let temporary = path(directory, temporarySnapshotName)
        let file = try PosixFile.create(temporary)
        var buffer = ByteWriter(bytes: RecordFraming.snapshotMagic)
        var count = 0
        var ordinal: UInt64 = 0
        func add(_ record: StoredRecord) throws {
            ordinal += 1
            RecordFraming.frame(into: &buffer, sequence: ordinal, scope: record.scope) {
                RecordCodec.encode(record, into: &$0)
            }
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
        ordinal += 1
        RecordFraming.frame(into: &buffer, sequence: ordinal, scope: "") {
            RecordCodec.encode(.snapshotEnd(records: count), into: &$0)
        }
        try file.write(buffer.bytes)
        try file.sync()
        return temporary
    }
}
