/// The framing of record files: an 8-byte magic, then records of `length` (UInt32), `crc32`
/// of the payload (UInt32), both little-endian, and the payload. A record whose frame runs
/// past the end of the file, or whose checksum does not match, is damaged: it is the torn
/// last write of a crash (or, anywhere else, a corrupted disk).
enum RecordFraming {
    static let walMagic: [UInt8] = Array("ESEWAL01".utf8)
    static let snapshotMagic: [UInt8] = Array("ESESNP01".utf8)
    /// Larger frames are taken as damage rather than trusted.
    static let maxRecordBytes = 1 << 30

    /// Where reading stopped short of the end of a file, and why.
    struct Damage: Sendable, Equatable {
        var offset: Int
        var reason: String
    }

    /// Appends the frame of `payload` to `output`.
    static func frame(_ payload: [UInt8], into output: inout [UInt8]) {
        var header = ByteWriter()
        header.integer32(UInt32(payload.count))
        header.integer32(CRC32.checksum(payload))
        output.append(contentsOf: header.bytes)
        output.append(contentsOf: payload)
    }

    /// Appends a frame to `output` whose payload is what `encode` appends: the payload is
    /// written in place, then its length and checksum are filled in before it.
    static func frame(into output: inout ByteWriter, _ encode: (inout ByteWriter) -> Void) {
        let start = output.bytes.count
        output.integer(0)
        encode(&output)
        let length = output.bytes.count - start - 8
        let checksum = output.bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[(start + 8)...]))
        }
        output.patch32(UInt32(length), at: start)
        output.patch32(checksum, at: start + 4)
    }

    /// Calls `body` with the payload of every intact record of a file's bytes, in order.
    ///
    /// - Returns: the offset just past the last intact record, and the damage that stopped
    ///   reading before the end of the bytes, if any.
    static func read(
        _ bytes: [UInt8], magic: [UInt8], _ body: (_ payload: ArraySlice<UInt8>, _ offset: Int) throws -> Void
    ) rethrows -> (validEnd: Int, damage: Damage?) {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            return (0, bytes.isEmpty ? nil : Damage(offset: 0, reason: "the file header is missing or wrong"))
        }
        var offset = magic.count
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else {
                return (offset, Damage(offset: offset, reason: "the record header is cut short"))
            }
            let length = Int(littleEndian32(bytes, at: offset))
            let expected = littleEndian32(bytes, at: offset + 4)
            guard length <= maxRecordBytes, bytes.count - offset - 8 >= length else {
                return (offset, Damage(offset: offset, reason: "the record is cut short"))
            }
            let payload = bytes[(offset + 8)..<(offset + 8 + length)]
            let actual = payload.withUnsafeBytes { CRC32.checksum($0) }
            guard actual == expected else {
                return (offset, Damage(offset: offset, reason: "the record's checksum does not match"))
            }
            try body(payload, offset)
            offset += 8 + length
        }
        return (offset, nil)
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
