import Foundation

/// `snapshot-<lsn>.esi`: the index images (``IndexImage``) of the snapshot at that lsn, written
/// with it (to `snapshot-<lsn>.esi.tmp`, fsynced, renamed). A cache of what indexing the
/// snapshot's documents produces: recovery reads only the file of the snapshot's lsn, ignores
/// one of another format version or byte order and any index whose image is damaged (its
/// documents are then indexed again); `repair` moves image files aside with the other files.
///
/// The lsn in the name keeps the current snapshot's images in place until the next snapshot is:
/// a crash after a new image file is renamed and before its snapshot is leaves both, and the
/// start uses the one of the snapshot it finds (and removes the other). Files of other
/// snapshots are removed once a snapshot is in place, and at start.
///
/// Records are framed as the snapshot's are: a header (the lsn, ``IndexImage/version`` and a
/// byte-order mark), then each index's image parts (``IndexImage/Part``), scoped by index.
enum IndexImageFile {
    static let magic: [UInt8] = Array("ESEIMG01".utf8)
    private static let byteOrderMark: UInt32 = 0x0102_0304
    private static let prefix = "snapshot-"
    private static let suffix = ".esi"
    static let temporarySuffix = ".esi.tmp"

    /// The name of the image file of the snapshot at `lsn`.
    static func name(lsn: UInt64) -> String {
        let digits = String(lsn)
        return prefix + String(repeating: "0", count: max(0, 16 - digits.count)) + digits + suffix
    }

    /// The image files (and temporary ones) in `directory`, with the lsn each is for (`nil` for
    /// a temporary file).
    static func files(_ directory: String) -> [(name: String, lsn: UInt64?)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(prefix) else { return nil }
            if name.hasSuffix(temporarySuffix) { return (name, nil) }
            guard name.hasSuffix(suffix),
                let lsn = UInt64(name.dropFirst(prefix.count).dropLast(suffix.count))
            else { return nil }
            return (name, lsn)
        }.sorted { $0.name < $1.name }
    }

    /// Removes every image file but the one of the snapshot at `lsn` (temporary files too).
    static func removeAll(in directory: String, except lsn: UInt64?) {
        for file in files(directory) where file.lsn == nil || file.lsn != lsn {
            try? FileManager.default.removeItem(atPath: Journal.path(directory, file.name))
        }
    }

    /// Writes the images of `catalog`'s indices for the snapshot at `lsn` into place.
    static func write(_ catalog: Catalog, lsn: UInt64, directory: String) throws {
        let final = Journal.path(directory, name(lsn: lsn))
        let temporary = String(final.dropLast(suffix.count)) + temporarySuffix
        let file = try PosixFile.create(temporary)
        var buffer = ByteWriter(bytes: magic)
        var ordinal: UInt64 = 1
        RecordFraming.frame(into: &buffer, sequence: ordinal, scope: "") { writer in
            writer.integer(lsn)
            writer.integer32(IndexImage.version)
            writer.integer32(byteOrderMark)
        }
        for index in catalog.indices.keys.sorted() {
            guard let state = catalog.indices[index] else { continue }
            try IndexImage.write(state.writer) { part in
                ordinal += 1
                RecordFraming.frame(into: &buffer, sequence: ordinal, scope: index, part)
                if buffer.bytes.count >= 4 << 20 {
                    try file.write(buffer.bytes)
                    buffer.bytes.removeAll(keepingCapacity: true)
                }
            }
        }
        try file.write(buffer.bytes)
        try file.sync()
        try PosixFile.rename(temporary, to: final)
    }

    /// The intact images written for the snapshot at `lsn`, by index; empty (with the reason)
    /// when there is no usable image file.
    static func read(directory: String, lsn: UInt64) -> (
        images: [String: IndexImage.Content], problem: String?
    ) {
        let path = Journal.path(directory, name(lsn: lsn))
        guard FileManager.default.fileExists(atPath: path), let bytes = try? PosixFile.readAll(path) else {
            return ([:], nil)
        }
        let scanned = RecordScanner.scan(bytes, magic: magic, legacyMagic: [])
        var assemblies: [String: IndexImage.Assembly] = [:]
        var order: [String] = []
        var header = false
        var damaged = 0
        for piece in scanned.pieces {
            switch piece {
            case .damage(let damage):
                damaged += 1
                if let scope = damage.scope, !scope.isEmpty {
                    assemblies[scope, default: IndexImage.Assembly()].markBroken()
                } else if header {
                    // Which index lost a record is unknown: none can be trusted.
                    return ([:], "a damaged record of an unknown index")
                }
            case .record(let record):
                guard header else {
                    var reader = ByteReader(bytes: bytes[record.payload])
                    guard let stored = try? (reader.integer(), reader.integer32(), reader.integer32()),
                        stored.0 == lsn, stored.1 == IndexImage.version, stored.2 == byteOrderMark
                    else {
                        return ([:], "written for another snapshot, version or byte order")
                    }
                    header = true
                    continue
                }
                guard
                    let scope = bytes.withUnsafeBytes({ RecordFraming.header($0, at: record.offset)?.scope }),
                    !scope.isEmpty
                else { continue }
                if assemblies[scope] == nil { order.append(scope) }
                do {
                    assemblies[scope, default: IndexImage.Assembly()].add(
                        try IndexImage.readPart(bytes[record.payload]))
                } catch {
                    assemblies[scope, default: IndexImage.Assembly()].markBroken()
                }
            }
        }
        guard header else { return ([:], "no intact header") }
        let images = assemblies.compactMapValues(\.content)
        let unusable = assemblies.count - images.count
        return (
            images,
            damaged > 0 || unusable > 0
                ? "\(max(unusable, 1)) index image(s) damaged; those indices are indexed again" : nil
        )
    }
}
