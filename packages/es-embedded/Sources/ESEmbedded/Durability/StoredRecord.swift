import ESModels

/// What the journal files hold: changes, plus the bookkeeping records of a snapshot.
enum StoredRecord: Sendable, Equatable {
    /// A change, with its log sequence number (0 inside a snapshot).
    case change(lsn: UInt64, JournalRecord)
    /// The first record of a snapshot: the last change it includes.
    case snapshotHeader(lsn: UInt64)
    /// An index's next sequence number, in a snapshot.
    case indexCounters(index: String, nextSeqNo: Int)
    /// The last record of a snapshot, with the number of records before it.
    case snapshotEnd(records: Int)
}

/// The binary form of stored records: a tag byte, then the fields; documents and ids in
/// binary, definitions (settings, mappings, aliases) as compact JSON. Document sources are
/// written in ``BinarySource``'s form; records whose source is JSON text (written by earlier
/// versions) are still read.
enum RecordCodec {
    private enum Tag: UInt8 {
        case createIndex = 1
        case deleteIndex = 2
        case mapping = 3
        /// A document whose source is compact JSON text (no longer written).
        case putJSON = 4
        case delete = 5
        case aliases = 6
        /// A document whose source is in ``BinarySource``'s form.
        case put = 7
        case settings = 8
        case templates = 9
        case clusterMetadata = 10
        case snapshotHeader = 100
        case indexCounters = 101
        case snapshotEnd = 102
    }

    /// Why a payload could not be decoded.
    struct DecodingFailure: Error {
        var reason: String
    }

    static func encode(_ record: StoredRecord) -> [UInt8] {
        var writer = ByteWriter()
        encode(record, into: &writer)
        return writer.bytes
    }

    /// Appends the payload of a document record, as ``encode(_:into:)`` writes `.put`, from the
    /// document's compact JSON text (a snapshot writes the texts its indices keep).
    static func encodePut(
        lsn: UInt64, index: String, id: String, version: Int, seqNo: Int, sourceText: [UInt8],
        into writer: inout ByteWriter
    ) {
        writer.documentHeader(
            Tag.put.rawValue, lsn: lsn, index: index, id: id, version: version, seqNo: seqNo)
        BinarySource.write(text: sourceText, into: &writer.bytes)
    }

    /// Appends the payload of `record` to `writer`.
    static func encode(_ record: StoredRecord, into writer: inout ByteWriter) {
        switch record {
        case .change(let lsn, let change):
            switch change {
            case .createIndex(let name, let uuid, let creationDate, let settings, let mapping):
                writer.byte(Tag.createIndex.rawValue)
                writer.integer(lsn)
                writer.json([
                    "name": .string(name), "uuid": .string(uuid), "created": .int(creationDate),
                    "settings": settings.json, "mapping": mapping.json,
                ])
            case .deleteIndex(let name):
                writer.byte(Tag.deleteIndex.rawValue)
                writer.integer(lsn)
                writer.string(name)
            case .mapping(let index, let mapping):
                writer.byte(Tag.mapping.rawValue)
                writer.integer(lsn)
                writer.string(index)
                writer.json(mapping.json)
            case .put(let index, let id, let version, let seqNo, let source):
                writer.documentHeader(
                    Tag.put.rawValue, lsn: lsn, index: index, id: id, version: version, seqNo: seqNo)
                BinarySource.write(source, into: &writer.bytes)
            case .putText(let index, let id, let version, let seqNo, let sourceText):
                encodePut(
                    lsn: lsn, index: index, id: id, version: version, seqNo: seqNo, sourceText: sourceText,
                    into: &writer)
            case .delete(let index, let id, let version, let seqNo):
                writer.documentHeader(
                    Tag.delete.rawValue, lsn: lsn, index: index, id: id, version: version, seqNo: seqNo)
            case .aliases(let table):
                writer.byte(Tag.aliases.rawValue)
                writer.integer(lsn)
                writer.json(.object(table.mapValues { .object($0.mapValues(\.json)) }))
            case .settings(let index, let settings):
                writer.byte(Tag.settings.rawValue)
                writer.integer(lsn)
                writer.string(index)
                writer.json(settings.json)
            case .templates(let table):
                writer.byte(Tag.templates.rawValue)
                writer.integer(lsn)
                writer.json(.object(table))
            case .clusterMetadata(let metadata):
                writer.byte(Tag.clusterMetadata.rawValue)
                writer.integer(lsn)
                writer.json(metadata.json)
            }
        case .snapshotHeader(let lsn):
            writer.byte(Tag.snapshotHeader.rawValue)
            writer.integer(lsn)
        case .indexCounters(let index, let nextSeqNo):
            writer.byte(Tag.indexCounters.rawValue)
            writer.string(index)
            writer.integer(UInt64(bitPattern: Int64(nextSeqNo)))
        case .snapshotEnd(let records):
            writer.byte(Tag.snapshotEnd.rawValue)
            writer.integer(UInt64(records))
        }
    }

    /// Decodes a payload; with `sourcesAsText`, a document record is a
    /// ``JournalRecord/putText(index:id:version:seqNo:sourceText:)``.
    static func decode(_ payload: ArraySlice<UInt8>, sourcesAsText: Bool = false) throws(DecodingFailure)
        -> StoredRecord
    {
        var reader = ByteReader(bytes: payload)
        guard let tag = Tag(rawValue: try reader.byte()) else {
            throw DecodingFailure(reason: "unknown record type")
        }
        switch tag {
        case .createIndex:
            let lsn = try reader.integer()
            let json = try reader.json()
            guard let name = json["name"]?.stringValue, let uuid = json["uuid"]?.stringValue,
                let created = json["created"]?.intValue,
                let settings = try? IndexSettings(json: json["settings"] ?? .object([:])),
                let mapping = try? Mapping(json: json["mapping"] ?? .object([:]))
            else { throw DecodingFailure(reason: "malformed index definition") }
            return .change(
                lsn: lsn,
                .createIndex(
                    name: name, uuid: uuid, creationDate: created, settings: settings, mapping: mapping))
        case .deleteIndex:
            let lsn = try reader.integer()
            return .change(lsn: lsn, .deleteIndex(name: try reader.string()))
        case .mapping:
            let lsn = try reader.integer()
            let index = try reader.string()
            guard let mapping = try? Mapping(json: try reader.json()) else {
                throw DecodingFailure(reason: "malformed mapping")
            }
            return .change(lsn: lsn, .mapping(index: index, mapping: mapping))
        case .put, .putJSON:
            let header = try reader.documentHeader()
            let source: JSONValue
            if tag == .put {
                source = try BinarySource.read(reader.rest)
            } else {
                do {
                    source = try JSONValue(parsing: Array(reader.rest))
                } catch {
                    throw DecodingFailure(reason: "malformed document source: \(error)")
                }
            }
            return .change(
                lsn: header.lsn,
                sourcesAsText
                    ? .putText(
                        index: header.index, id: header.id, version: header.version, seqNo: header.seqNo,
                        sourceText: SourceWriter.storedText(source))
                    : .put(
                        index: header.index, id: header.id, version: header.version, seqNo: header.seqNo,
                        source: source))
        case .delete:
            let header = try reader.documentHeader()
            return .change(
                lsn: header.lsn,
                .delete(index: header.index, id: header.id, version: header.version, seqNo: header.seqNo))
        case .aliases:
            let lsn = try reader.integer()
            guard case .object(let aliases) = try reader.json() else {
                throw DecodingFailure(reason: "malformed alias table")
            }
            var table: [String: [String: AliasDefinition]] = [:]
            for (alias, members) in aliases {
                guard case .object(let definitions) = members else {
                    throw DecodingFailure(reason: "malformed alias")
                }
                for (index, definition) in definitions {
                    guard let parsed = try? AliasDefinition(json: definition) else {
                        throw DecodingFailure(reason: "malformed alias definition")
                    }
                    table[alias, default: [:]][index] = parsed
                }
            }
            return .change(lsn: lsn, .aliases(table))
        case .settings:
            let lsn = try reader.integer()
            let index = try reader.string()
            guard let settings = try? IndexSettings(json: try reader.json()) else {
                throw DecodingFailure(reason: "malformed index settings")
            }
            return .change(lsn: lsn, .settings(index: index, settings: settings))
        case .templates:
            let lsn = try reader.integer()
            guard case .object(let table) = try reader.json() else {
                throw DecodingFailure(reason: "malformed index template table")
            }
            return .change(lsn: lsn, .templates(table))
        case .clusterMetadata:
            let lsn = try reader.integer()
            guard let metadata = ClusterMetadata(json: try reader.json()) else {
                throw DecodingFailure(reason: "malformed cluster metadata")
            }
            return .change(lsn: lsn, .clusterMetadata(metadata))
        case .snapshotHeader:
            return .snapshotHeader(lsn: try reader.integer())
        case .indexCounters:
            let index = try reader.string()
            return .indexCounters(index: index, nextSeqNo: Int(Int64(bitPattern: try reader.integer())))
        case .snapshotEnd:
            return .snapshotEnd(records: Int(try reader.integer()))
        }
    }
}

/// Little-endian writing of record fields.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func integer(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func integer32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Overwrites the four bytes at `offset` with `value`.
    mutating func patch32(_ value: UInt32, at offset: Int) {
        for position in 0..<4 {
            bytes[offset + position] = UInt8(truncatingIfNeeded: value >> UInt32(position * 8))
        }
    }

    mutating func string(_ text: String) {
        integer32(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// Tag, lsn, index, id, version and seq_no: the start of a document record.
    mutating func documentHeader(
        _ tag: UInt8, lsn: UInt64, index: String, id: String, version: Int, seqNo: Int
    ) {
        byte(tag)
        integer(lsn)
        string(index)
        string(id)
        integer(UInt64(bitPattern: Int64(version)))
        integer(UInt64(bitPattern: Int64(seqNo)))
    }

    mutating func json(_ value: JSONValue) {
        let encoded = value.compactBytes
        integer32(UInt32(encoded.count))
        bytes.append(contentsOf: encoded)
    }
}

/// Little-endian reading of record fields.
struct ByteReader {
    var bytes: ArraySlice<UInt8>

    mutating func byte() throws(RecordCodec.DecodingFailure) -> UInt8 {
        guard let first = bytes.first else { throw RecordCodec.DecodingFailure(reason: "record ends early") }
        bytes = bytes.dropFirst()
        return first
    }

    mutating func integer() throws(RecordCodec.DecodingFailure) -> UInt64 {
        try littleEndian(UInt64.self)
    }

    mutating func integer32() throws(RecordCodec.DecodingFailure) -> UInt32 {
        try littleEndian(UInt32.self)
    }

    private mutating func littleEndian<Value: FixedWidthInteger>(_ type: Value.Type)
        throws(RecordCodec.DecodingFailure) -> Value
    {
        let size = Value.bitWidth / 8
        guard bytes.count >= size else { throw RecordCodec.DecodingFailure(reason: "record ends early") }
        var value: Value = 0
        for (position, byte) in bytes.prefix(size).enumerated() { value |= Value(byte) << (position * 8) }
        bytes = bytes.dropFirst(size)
        return value
    }

    mutating func string() throws(RecordCodec.DecodingFailure) -> String {
        let length = Int(try integer32())
        guard bytes.count >= length else { throw RecordCodec.DecodingFailure(reason: "record ends early") }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        bytes = bytes.dropFirst(length)
        return text
    }

    mutating func json() throws(RecordCodec.DecodingFailure) -> JSONValue {
        let length = Int(try integer32())
        guard bytes.count >= length else { throw RecordCodec.DecodingFailure(reason: "record ends early") }
        let slice = Array(bytes.prefix(length))
        bytes = bytes.dropFirst(length)
        do {
            return try JSONValue(parsing: slice)
        } catch {
            throw RecordCodec.DecodingFailure(reason: "malformed json: \(error)")
        }
    }

    /// Reads what ``ByteWriter/documentHeader(_:lsn:index:id:version:seqNo:)`` wrote after the tag.
    mutating func documentHeader() throws(RecordCodec.DecodingFailure) -> (
        lsn: UInt64, index: String, id: String, version: Int, seqNo: Int
    ) {
        let lsn = try integer()
        let index = try string()
        let id = try string()
        let version = Int(Int64(bitPattern: try integer()))
        let seqNo = Int(Int64(bitPattern: try integer()))
        return (lsn, index, id, version, seqNo)
    }

    var rest: ArraySlice<UInt8> { bytes }
}
