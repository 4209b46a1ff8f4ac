import ESModels

/// The binary form of a document's `_source` in journal records: a kind byte per value, then
/// its data, little-endian. Strings are their UTF-8 bytes after a length, numbers their 8 bytes,
/// arrays and objects a count then their elements (an object's members as key, value). Writing
/// it copies string bytes as they are, where JSON text would scan every byte for the ones it
/// must escape, and reading it back builds the value without a JSON parser.
enum BinarySource {
    private enum Kind: UInt8 {
        case null = 0
        case `false` = 1
        case `true` = 2
        case int = 3
        case double = 4
        case string = 5
        case array = 6
        case object = 7
    }

    /// Deeper values are taken as damage rather than read (far beyond what JSON parsing accepts).
    static let maximumDepth = 2_048

    /// Appends the binary form of `value` to `output`. Non-finite numbers are written as `null`,
    /// as JSON text would have them (the engine keeps them as `null`: ``SourceWriter/normalized(_:)``).
    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        var sink = Sink(capacity: 4_096)
        defer { sink.release() }
        sink.write(value)
        output.append(contentsOf: UnsafeRawBufferPointer(start: sink.base, count: sink.count))
    }

    /// Appends the binary form of the value the compact JSON text `text` holds, as
    /// ``write(_:into:)`` writes it, read with a cursor instead of through a tree. Text that
    /// does not parse (never what ``SourceWriter`` wrote) is written as `null`.
    static func write(text: [UInt8], into output: inout [UInt8]) {
        var sink = Sink(capacity: max(256, text.count * 2))
        defer { sink.release() }
        let written = try? text.withUnsafeBufferPointer { bytes in
            try JSONCursor.read(bytes) { cursor in try sink.write(&cursor) }
        }
        if written == nil {
            sink.count = 0
            sink.write(.null)
        }
        output.append(contentsOf: UnsafeRawBufferPointer(start: sink.base, count: sink.count))
    }

    /// A growable scratch buffer written through a pointer: a document's many small pieces
    /// (kind bytes, counts, short strings) cost a store each, not an array append each.
    private struct Sink {
        var base: UnsafeMutableRawPointer
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }

        func release() {
            base.deallocate()
        }

        private mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            let grown = max(capacity * 2, count + extra)
            let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
            larger.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = larger
            capacity = grown
        }

        private mutating func kind(_ kind: Kind) {
            reserve(1)
            base.storeBytes(of: kind.rawValue, toByteOffset: count, as: UInt8.self)
            count += 1
        }

        private mutating func kind(_ kind: Kind, word: UInt64) {
            reserve(9)
            base.storeBytes(of: kind.rawValue, toByteOffset: count, as: UInt8.self)
            (base + count + 1).storeBytes(of: word.littleEndian, as: UInt64.self)
            count += 9
        }

        private mutating func kind(_ kind: Kind, count elements: Int) {
            reserve(5)
            base.storeBytes(of: kind.rawValue, toByteOffset: count, as: UInt8.self)
            (base + count + 1).storeBytes(
                of: UInt32(truncatingIfNeeded: elements).littleEndian, as: UInt32.self)
            count += 5
        }

        private mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                reserve(4 + bytes.count)
                (base + count).storeBytes(
                    of: UInt32(truncatingIfNeeded: bytes.count).littleEndian, as: UInt32.self)
                if let source = bytes.baseAddress {
                    (base + count + 4).copyMemory(from: source, byteCount: bytes.count)
                }
                count += 4 + bytes.count
            }
        }

        /// Writes the next value of `cursor`; arrays and objects get their count once read.
        mutating func write(_ cursor: inout JSONCursor) throws {
            switch try cursor.peekKind() {
            case .array:
                let start = count
                kind(.array, count: 0)
                var elements = 0
                try cursor.readArray { cursor in
                    try write(&cursor)
                    elements += 1
                }
                patchCount(at: start, elements)
            case .object:
                let start = count
                kind(.object, count: 0)
                var members = 0
                try cursor.readObject { key, cursor in
                    string(key)
                    try write(&cursor)
                    members += 1
                }
                patchCount(at: start, members)
            case .string, .number, .bool, .null:
                write(try cursor.readValue())
            }
        }

        private func patchCount(at start: Int, _ elements: Int) {
            (base + start + 1).storeBytes(
                of: UInt32(truncatingIfNeeded: elements).littleEndian, as: UInt32.self)
        }

        mutating func write(_ value: JSONValue) {
            switch value {
            case .null: kind(.null)
            case .bool(let flag): kind(flag ? .true : .false)
            case .int(let number): kind(.int, word: UInt64(bitPattern: Int64(number)))
            case .double(let number):
                if number.isFinite { kind(.double, word: number.bitPattern) } else { kind(.null) }
            case .string(let text):
                kind(.string)
                string(text)
            case .array(let elements):
                kind(.array, count: elements.count)
                for element in elements { write(element) }
            case .object(let members):
                kind(.object, count: members.count)
                for (key, member) in members {
                    string(key)
                    write(member)
                }
            }
        }
    }

    /// Reads the value ``write(_:into:)`` wrote, which must take all of `bytes`.
    static func read(_ bytes: ArraySlice<UInt8>) throws(RecordCodec.DecodingFailure) -> JSONValue {
        let result: Result<JSONValue, RecordCodec.DecodingFailure> = bytes.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            do throws(RecordCodec.DecodingFailure) {
                let value = try reader.value(depth: 0)
                guard reader.offset == raw.count else {
                    throw RecordCodec.DecodingFailure(reason: "bytes after the document source")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads values from a payload's bytes.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func value(depth: Int) throws(RecordCodec.DecodingFailure) -> JSONValue {
            guard offset < bytes.count else { throw Self.endedEarly }
            let tag = bytes[offset]
            offset += 1
            switch Kind(rawValue: tag) {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .int: return .int(Int(Int64(bitPattern: try word())))
            case .double: return .double(Double(bitPattern: try word()))
            case .string: return .string(try string())
            case .array:
                let count = try count()
                guard depth < BinarySource.maximumDepth else { throw Self.tooDeep }
                var elements: [JSONValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
                return .array(elements)
            case .object:
                let count = try count()
                guard depth < BinarySource.maximumDepth else { throw Self.tooDeep }
                var members: [String: JSONValue] = [:]
                members.reserveCapacity(count)
                for _ in 0..<count {
                    let key = try string()
                    members[key] = try value(depth: depth + 1)
                }
                return .object(members)
            case nil:
                throw RecordCodec.DecodingFailure(reason: "unknown value kind \(tag) in the document source")
            }
        }

        private mutating func word() throws(RecordCodec.DecodingFailure) -> UInt64 {
            guard bytes.count - offset >= 8 else { throw Self.endedEarly }
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
            return UInt64(littleEndian: word)
        }

        /// A length or count; it cannot exceed the bytes left (every element takes at least one).
        private mutating func count() throws(RecordCodec.DecodingFailure) -> Int {
            guard bytes.count - offset >= 4 else { throw Self.endedEarly }
            let count = Int(
                UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            offset += 4
            guard count <= bytes.count - offset else { throw Self.endedEarly }
            return count
        }

        private mutating func string() throws(RecordCodec.DecodingFailure) -> String {
            let length = try count()
            let text = String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
            offset += length
            return text
        }

        private static let endedEarly = RecordCodec.DecodingFailure(reason: "document source ends early")
        private static let tooDeep = RecordCodec.DecodingFailure(reason: "document source nested too deeply")
    }
}
