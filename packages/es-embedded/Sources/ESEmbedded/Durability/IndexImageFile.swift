import Foundation

/// `snapshot.esi`: the index images (``IndexImage``) of the snapshot with the same lsn, written
/// with it (to `snapshot.esi.tmp`, fsynced, renamed into place before the snapshot is). A cache
/// of what indexing the snapshot's documents produces: recovery ignores an image file of another
/// lsn, version or byte order, and any index whose image is damaged (its documents are then
/// indexed again); `repair` moves it aside with the other files.
///
/// Records are framed as the snapshot's are: a header (the lsn, ``IndexImage/version`` and a
/// byte-order mark), then each index's image parts (``IndexImage/Part``), scoped by index.
enum IndexImageFile {
    static let name = "snapshot.esi"
    static let temporaryName = "snapshot.esi.tmp"
    static let magic: [UInt8] = Array("ESEIMG01".utf8)
    private static let byteOrderMark: UInt32 = 0x0102_0304

    /// Writes the images of `catalog`'s indices for the snapshot at `lsn` into place.
    static func write(_ catalog: Catalog, lsn: UInt64, directory: String) throws {
        let temporary = Journal.path(directory, temporaryName)
        let file = try PosixFile.create(temporary)
        var buffer = ByteWriter(bytes: magic)
        var ordinal: UInt64 = 1
        RecordFraming.frame(into: &buffer, sequence: ordinal, scope: "") { writer in
            writer.integer(lsn)
            writer.integer32(IndexImage.version)
            writer.integer32(byteOrderMark)
        }
        for name in catalog.indices.keys.sorted() {
            guard let index = catalog.indices[name] else { continue }
            try IndexImage.write(index.writer) { part in
                ordinal += 1
                RecordFraming.frame(into: &buffer, sequence: ordinal, scope: name, part)
                if buffer.bytes.count >= 4 << 20 {
                    try file.write(buffer.bytes)
                    buffer.bytes.removeAll(keepingCapacity: true)
                }
            }
        }
        try file.write(buffer.bytes)
        try file.sync()
        try PosixFile.rename(temporary, to: Journal.path(directory, name))
    }

    /// The intact images written for the snapshot at `lsn`, by index; empty (with the reason)
    /// when there is no usable image file.
    static func read(directory: String, lsn: UInt64) -> (
        images: [String: IndexImage.Content], problem: String?
    ) {
        let path = Journal.path(directory, name)
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
