/// The framing of record files: an 8-byte magic, then framed records.
///
/// Format 2 (`ESEWAL02`, `ESESNP02`), written now: each record is a header, then its payload.
///
/// | bytes | field |
/// |---|---|
/// | 4 | marker `E5 4A 52 32`, where a reader resynchronises after damage |
/// | 4 | payload length (UInt32, little-endian) |
/// | 8 | sequence: the lsn in a log segment, the record's ordinal (from 1) in a snapshot |
/// | 4 | CRC-32 of the payload |
/// | 1 | length of the scope (0 to 255) |
/// | n | scope: the index the record belongs to, empty for records of the whole engine |
/// | 4 | CRC-32 of the header bytes before it |
///
/// A damaged payload behind an intact header still says which record (sequence) of which index
/// (scope) was lost, and the next intact header after any damage is found by its marker and its
/// own checksum, so the records after the damage can be told apart from a torn end.
///
/// Format 1 (`ESEWAL01`, `ESESNP01`), written by earlier versions and still read: records of
/// `length` (UInt32) and `crc32` (UInt32) then the payload; nothing to resynchronise on.
enum RecordFraming {
    static let walMagic: [UInt8] = Array("ESEWAL02".utf8)
    static let snapshotMagic: [UInt8] = Array("ESESNP02".utf8)
    static let legacyWALMagic: [UInt8] = Array("ESEWAL01".utf8)
    static let legacySnapshotMagic: [UInt8] = Array("ESESNP01".utf8)
    static let magicLength = 8
    static let marker: [UInt8] = [0xE5, 0x4A, 0x52, 0x32]
    /// Header bytes besides the scope.
    static let fixedHeaderLength = 25
    /// Larger frames are taken as damage rather than trusted.
    static let maxRecordBytes = 1 << 30

    /// The header of a format-2 record.
    struct Header: Sendable, Equatable {
        var sequence: UInt64
        /// The index the record belongs to; empty for the whole engine.
        var scope: String
        var payloadLength: Int
        var payloadChecksum: UInt32
        /// The header's own length (so the payload starts `headerLength` bytes after it).
        var headerLength: Int
    }

    /// The scope written for a record: the index name, or empty when it is longer than a
    /// header holds (index names are at most 255 bytes, so only for a whole-engine record).
    static func scopeBytes(_ scope: String) -> ArraySlice<UInt8> {
        let bytes = Array(scope.utf8)
        return bytes.count <= 255 ? bytes[...] : []
    }

    /// Appends a format-2 frame to `output` whose payload is what `encode` appends: the payload
    /// is written in place, then the header fields are filled in before it.
    static func frame(
        into output: inout ByteWriter, sequence: UInt64, scope: String, _ encode: (inout ByteWriter) -> Void
    ) {
        let scopeBytes = scopeBytes(scope)
        let start = output.bytes.count
        let headerLength = fixedHeaderLength + scopeBytes.count
        output.bytes.append(contentsOf: marker)
        output.integer32(0)
        output.integer(sequence)
        output.integer32(0)
        output.byte(UInt8(scopeBytes.count))
        output.bytes.append(contentsOf: scopeBytes)
        output.integer32(0)
        encode(&output)
        let payloadStart = start + headerLength
        let length = output.bytes.count - payloadStart
        let checksum = output.bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[payloadStart...]))
        }
        output.patch32(UInt32(length), at: start + 4)
        output.patch32(checksum, at: start + 16)
        let headerChecksum = output.bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<(payloadStart - 4)]))
        }
        output.patch32(headerChecksum, at: payloadStart - 4)
    }

    /// The header at `offset` when it is intact (marker, sane fields, matching checksum); it
    /// may run past the end of `bytes` only in its payload.
    static func header(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Header? {
        guard bytes.count - offset >= fixedHeaderLength, matchesMarker(bytes, at: offset) else { return nil }
        let scopeLength = Int(bytes[offset + 20])
        let headerLength = fixedHeaderLength + scopeLength
        guard bytes.count - offset >= headerLength else { return nil }
        let stored = littleEndian32(bytes, at: offset + headerLength - 4)
        let actual = CRC32.checksum(
            UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + headerLength - 4)]))
        guard stored == actual else { return nil }
        let length = Int(littleEndian32(bytes, at: offset + 4))
        guard length <= maxRecordBytes else { return nil }
        let scope = String(decoding: bytes[(offset + 21)..<(offset + 21 + scopeLength)], as: UTF8.self)
        return Header(
            sequence: littleEndian64(bytes, at: offset + 8), scope: scope, payloadLength: length,
            payloadChecksum: littleEndian32(bytes, at: offset + 16), headerLength: headerLength)
    }

    /// The offset of the next intact header at or after `offset`, or `bytes.count`.
    static func resynchronise(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        var position = offset
        while position + fixedHeaderLength <= bytes.count {
            if bytes[position] == marker[0], header(bytes, at: position) != nil { return position }
            position += 1
        }
        return bytes.count
    }

    static func matchesMarker(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        bytes[offset] == marker[0] && bytes[offset + 1] == marker[1] && bytes[offset + 2] == marker[2]
            && bytes[offset + 3] == marker[3]
    }

    static func littleEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    static func littleEndian64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian32(bytes, at: offset)) | UInt64(littleEndian32(bytes, at: offset + 4)) << 32
    }
}
