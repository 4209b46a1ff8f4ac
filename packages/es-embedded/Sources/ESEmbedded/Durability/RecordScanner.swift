/// A record file read as far as it can be: its intact records and its damaged regions, in order.
struct ScannedFile: Sendable {
    /// An intact record: its checksums match (its payload is decoded later).
    struct Record: Sendable {
        var offset: Int
        /// The sequence its header states (format 2 only).
        var sequence: UInt64?
        var payload: Range<Int>
    }

    /// A region that is not an intact record.
    struct Damage: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// The file does not start with a known magic.
            case fileHeader
            /// A whole record whose payload checksum does not match.
            case checksumMismatch
            /// An intact header whose record runs past the end of the file.
            case cutShort
            /// Bytes holding no intact header: garbage, zeros, or a record whose header is damaged.
            case unreadable
            /// A record whose header is damaged but whose payload matches the checksum the header
            /// holds: the payload says what the record was.
            case headerDamaged(payload: Range<Int>)
            /// An intact record whose payload cannot be decoded.
            case undecodable(String)
        }

        var offset: Int
        var end: Int
        var kind: Kind
        /// The record's sequence and scope, when its header is intact.
        var sequence: UInt64?
        var scope: String?

        /// Why the region is damaged, as a message shows it.
        var reason: String {
            switch kind {
            case .fileHeader: "the file header is missing or wrong"
            case .checksumMismatch: "the record's checksum does not match"
            case .cutShort: "the record is cut short"
            case .unreadable: "no intact record header"
            case .headerDamaged: "the record header is damaged"
            case .undecodable(let why): "the record cannot be decoded (\(why))"
            }
        }
    }

    enum Piece: Sendable {
        case record(Record)
        case damage(Damage)
    }

    /// Whether the file is in format 2 (headers with sequence and scope).
    var isCurrentFormat: Bool
    var pieces: [Piece]
    var size: Int
}

/// Reads record files into ``ScannedFile``s.
enum RecordScanner {
    /// Scans `bytes`, a file that should start with `magic` (or its format-1 `legacyMagic`).
    ///
    /// A format-2 file is read to its end: after damage, reading resumes at the next intact
    /// header. A format-1 file stops at its first damage (its frames cannot be found again).
    static func scan(_ bytes: [UInt8], magic: [UInt8], legacyMagic: [UInt8]) -> ScannedFile {
        bytes.withUnsafeBytes { buffer in
            let prefix = Array(buffer.prefix(RecordFraming.magicLength))
            if prefix == legacyMagic { return scanLegacy(buffer) }
            var pieces: [ScannedFile.Piece] = []
            var offset = RecordFraming.magicLength
            if prefix != magic {
                // A damaged magic: read on as format 2, the format every new file has.
                let end = min(buffer.count, RecordFraming.magicLength)
                if end > 0 { pieces.append(.damage(.init(offset: 0, end: end, kind: .fileHeader))) }
                offset = end
            }
            while offset < buffer.count {
                let (piece, next) = scanOne(buffer, at: offset)
                pieces.append(piece)
                offset = next
            }
            return ScannedFile(isCurrentFormat: true, pieces: merged(pieces), size: buffer.count)
        }
    }

    private static func scanOne(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (ScannedFile.Piece, Int) {
        guard let header = RecordFraming.header(bytes, at: offset) else {
            let next = RecordFraming.resynchronise(bytes, from: offset + 1)
            var damage = ScannedFile.Damage(offset: offset, end: next, kind: .unreadable)
            if let payload = intactPayloadBehindDamagedHeader(bytes, from: offset, to: next) {
                damage.kind = .headerDamaged(payload: payload)
            }
            return (.damage(damage), next)
        }
        let payloadStart = offset + header.headerLength
        let end = payloadStart + header.payloadLength
        guard end <= bytes.count else {
            return (
                .damage(
                    .init(
                        offset: offset, end: bytes.count, kind: .cutShort, sequence: header.sequence,
                        scope: header.scope)), bytes.count
            )
        }
        let checksum = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end]))
        guard checksum == header.payloadChecksum else {
            return (
                .damage(
                    .init(
                        offset: offset, end: end, kind: .checksumMismatch, sequence: header.sequence,
                        scope: header.scope)), end
            )
        }
        return (.record(.init(offset: offset, sequence: header.sequence, payload: payloadStart..<end)), end)
    }

    /// The payload of a region that is exactly one record whose header is damaged while its
    /// payload still matches the checksum the header holds; `nil` otherwise.
    private static func intactPayloadBehindDamagedHeader(
        _ bytes: UnsafeRawBufferPointer, from offset: Int, to end: Int
    ) -> Range<Int>? {
        guard end - offset > RecordFraming.fixedHeaderLength else { return nil }
        let scopeLength = Int(bytes[offset + 20])
        let payloadStart = offset + RecordFraming.fixedHeaderLength + scopeLength
        guard payloadStart < end else { return nil }
        let stored = RecordFraming.littleEndian32(bytes, at: offset + 16)
        let actual = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end]))
        return stored == actual ? payloadStart..<end : nil
    }

    /// Joins adjacent unreadable regions (resynchronising can stop at a header whose record
    /// then fails, leaving unreadable bytes on both sides).
    private static func merged(_ pieces: [ScannedFile.Piece]) -> [ScannedFile.Piece] {
        var result: [ScannedFile.Piece] = []
        result.reserveCapacity(pieces.count)
        for piece in pieces {
            if case .damage(let damage) = piece, damage.kind == .unreadable,
                case .damage(var previous)? = result.last, previous.kind == .unreadable
            {
                previous.end = damage.end
                result[result.count - 1] = .damage(previous)
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// Format 1: records until the first damage, which runs to the end of the file.
    private static func scanLegacy(_ bytes: UnsafeRawBufferPointer) -> ScannedFile {
        var pieces: [ScannedFile.Piece] = []
        var offset = RecordFraming.magicLength
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else {
                pieces.append(.damage(.init(offset: offset, end: bytes.count, kind: .cutShort)))
                break
            }
            let length = Int(RecordFraming.littleEndian32(bytes, at: offset))
            let expected = RecordFraming.littleEndian32(bytes, at: offset + 4)
            guard length <= RecordFraming.maxRecordBytes, bytes.count - offset - 8 >= length else {
                pieces.append(.damage(.init(offset: offset, end: bytes.count, kind: .cutShort)))
                break
            }
            let payload = (offset + 8)..<(offset + 8 + length)
            guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[payload])) == expected else {
                pieces.append(.damage(.init(offset: offset, end: bytes.count, kind: .checksumMismatch)))
                break
            }
            pieces.append(.record(.init(offset: offset, sequence: nil, payload: payload)))
            offset = payload.upperBound
        }
        return ScannedFile(isCurrentFormat: false, pieces: pieces, size: bytes.count)
    }
}
