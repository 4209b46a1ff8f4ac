import Dispatch
import Foundation
import Synchronization

extension Journal {
    /// Writes `catalog` as the snapshot at `lsn`, then removes the segments before `firstKept`.
    func writeSnapshot(_ catalog: Catalog, lsn: UInt64, removingSegmentsBefore firstKept: UInt64) throws {
        // The images are written on another thread meanwhile (the two take about as long), so
        // a snapshot is in place sooner and a crash soon after a start is less likely to lose it.
        let imageFailure = Mutex<(any Error)?>(nil)
        let images = BlockingWorkThreads.onThreadOfItsOwn(named: "es-embedded.images.write") {
            [directory] in
            do {
                try IndexImageFile.write(catalog, lsn: lsn, directory: directory)
            } catch {
                imageFailure.withLock { $0 = error }
            }
        }
        let temporary: String
        do {
            temporary = try Self.writeTemporarySnapshot(catalog, lsn: lsn, directory: directory)
        } catch {
            images.wait()
            throw error
        }
        images.wait()
        if let error = imageFailure.withLock({ $0 }) {
            // Only a cache: the next start indexes the snapshot's documents instead.
            warn(
                "es-embedded: warning: index images not written (\(error)); the next start indexes the documents"
            )
        }
        try PosixFile.rename(temporary, to: Self.path(directory, Self.snapshotName))
        try PosixFile.syncDirectory(directory)
        for segment in try Self.segmentFiles(directory) where segment.firstLSN < firstKept {
            try? FileManager.default.removeItem(atPath: segment.path)
        }
        IndexImageFile.removeAll(in: directory, except: imageFailure.withLock { $0 } == nil ? lsn : nil)
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
            let counted: Bool
            switch record {
            case .change, .indexCounters: counted = true
            case .snapshotHeader, .snapshotEnd: counted = false
            }
            try add(scope: record.scope, counted: counted) { RecordCodec.encode(record, into: &$0) }
        }
        func add(scope: String, counted: Bool, _ encode: (inout ByteWriter) -> Void) throws {
            ordinal += 1
            RecordFraming.frame(into: &buffer, sequence: ordinal, scope: scope, encode)
            if counted { count += 1 }
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
            // Live documents in document order (the order an index image expects them), then
            // the tombstones of deleted ids.
            // Each written from its stored text, without building its tree.
            for document in index.writer.liveDocuments {
                try add(scope: name, counted: true) {
                    RecordCodec.encodePut(
                        lsn: 0, index: name, id: document.id, version: document.version,
                        seqNo: document.seqNo,
                        sourceText: document.sourceText, into: &$0)
                }
            }
            for tombstone in index.writer.tombstones {
                try add(
                    .change(
                        lsn: 0,
                        .delete(
                            index: name, id: tombstone.id, version: tombstone.version, seqNo: tombstone.seqNo)
                    ))
            }
        }
        try add(.change(lsn: 0, .aliases(catalog.aliases)))
        if !catalog.templates.isEmpty { try add(.change(lsn: 0, .templates(catalog.templates))) }
        if !catalog.metadata.isEmpty { try add(.change(lsn: 0, .clusterMetadata(catalog.metadata))) }
        ordinal += 1
        RecordFraming.frame(into: &buffer, sequence: ordinal, scope: "") {
            RecordCodec.encode(.snapshotEnd(records: count), into: &$0)
        }
        try file.write(buffer.bytes)
        try file.sync()
        return temporary
    }
}
