import Foundation

/// A strict RFC 8259 JSON parser producing ``JSONValue``.
///
/// It rejects what Elasticsearch's parser rejects: trailing garbage, duplicate object keys,
/// invalid UTF-8, unescaped control characters in strings, and nesting deeper than
/// ``maximumDepth``. Errors carry the line and column.
///
/// Every search answer a client reads goes through here, so it avoids the costs that once
/// dominated: containers collect their members on two scratch stacks shared by the whole parse
/// and are built once, at their closing bracket, with their exact size (no dictionary regrows
/// and rehashes as keys arrive); strings that are all ASCII become `String`s without a
/// validation pass, and others are checked by ``UTF8Validation`` rather than the generic
/// `String(validating:as:)`, which looked up its generic metadata on every call.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error rather
    /// than a stack overflow.
    static let maximumDepth = 512

    /// A member of an object still being parsed.
    private struct Member {
        var key: String
        var value: JSONValue
        /// Where the key starts, for the duplicate-key error.
        var keyOffset: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The members of every open object, outermost first, in the order their values ended.
    private var members: [Member] = []
    /// Where each open object's members start in `members`, outermost first.
    private var objectStarts: [Int] = []
    /// The elements of every open array, outermost first.
    private var elements: [JSONValue] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON value that must span the whole input (surrounding whitespace allowed).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParseError) {
            parser.skipWhitespace()
            if parser.index == bytes.count { throw parser.error("no content to map due to end-of-input") }
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if parser.index != bytes.count {
                throw parser.error(
                    "unexpected character \(parser.describe(parser.bytes[parser.index])) after the value")
            }
            return value
        } catch {
            // Objects look for repeated keys only when they close; a parser that checked each key
            // as it came would have stopped at the first repeat whose value had ended.
            throw parser.firstDuplicateKey() ?? error
        }
    }

    /// The error for the first member, in the order values ended, whose key repeats an earlier
    /// key of the same open object; `nil` when there is none.
    private func firstDuplicateKey() -> JSONParseError? {
        var first: Int?
        for (level, start) in objectStarts.enumerated() {
            let end = level + 1 < objectStarts.count ? objectStarts[level + 1] : members.count
            var seen = Set<String>(minimumCapacity: end - start)
            for position in start..<end {
                if seen.insert(members[position].key).inserted { continue }
                if position < first ?? .max { first = position }
                break
            }
        }
        return first.map { error("duplicate field '\(members[$0].key)'", at: members[$0].keyOffset) }
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end-of-input: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw error("unexpected character \(describe(bytes[index])): expected a value")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        let start = members.count
        objectStarts.append(start)
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()): expected a field name in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()): expected ':' after field name '\(key)'")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(Member(key: key, value: value, keyOffset: keyStart))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(try closeObject(from: start))
            default: throw error("unexpected \(describeCurrent()): expected ',' or '}' in an object")
            }
        }
    }

    /// The dictionary of the innermost open object, whose members start at `start`, built at
    /// its exact size; the object is then closed.
    private mutating func closeObject(from start: Int) throws(JSONParseError) -> [String: JSONValue] {
        var object = [String: JSONValue](minimumCapacity: members.count - start)
        for position in start..<members.count
        where object.updateValue(members[position].value, forKey: members[position].key) != nil {
            // `parse` reports the first repeat, which may be in an outer object.
            throw error("duplicate field '\(members[position].key)'", at: members[position].keyOffset)
        }
        members.removeSubrange(start...)
        objectStarts.removeLast()
        return object
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        let start = elements.count
        while true {
            skipWhitespace()
            let element = try parseValue()
            elements.append(element)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                let array = Array(elements[start...])
                elements.removeSubrange(start...)
                return .array(array)
            default: throw error("unexpected \(describeCurrent()): expected ',' or ']' in an array")
            }
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting depth exceeds the maximum allowed (\(Self.maximumDepth))")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard index + count <= bytes.count else { throw error("unrecognized token: expected '\(literal)'") }
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw error("unrecognized token: expected '\(literal)'", at: index + offset)
        }
        index += count
        if index < bytes.count, isIdentifierByte(bytes[index]) {
            throw error("unrecognized token: expected '\(literal)'")
        }
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    // MARK: - Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else {
            throw error("invalid number: expected a digit after '-'")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) {
                throw error("invalid number: leading zeroes are not allowed")
            }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let next = peek(), isDigit(next) else {
                throw error("invalid number: expected a digit after the decimal point")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek(), isDigit(next) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            skipDigits()
        }
        if isInteger, let value = integer(from: start, to: index) { return .int(value) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("invalid number '\(text)': out of range", at: start)
        }
        return .double(value)
    }

    /// The integer written in `bytes[start..<end]` (an optional '-' and digits), or `nil`
    /// when it does not fit in an `Int`.
    private func integer(from start: Int, to end: Int) -> Int? {
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for position in (negative ? start + 1 : start)..<end {
            let digit = Int(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: - Strings

    mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Fast path: no escapes. Non-ASCII bytes are OR-ed together to learn whether any occur.
        var bits: UInt8 = 0
        while true {
            index = JSONByteScan.plainEnd(bytes, from: index, stopAtNonASCII: true)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                if bits < 0x80 { return String(decoding: slice, as: UTF8.self) }
                return try decodeUTF8(slice, at: contentStart)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            bits |= byte
            index += 1
        }
        guard index < bytes.count else { throw error("unexpected end-of-input in a string", at: start) }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try buffer.withUnsafeBufferPointer { pointer throws(JSONParseError) in
                    try decodeUTF8(pointer, at: contentStart)
                }
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case ..<0x20:
                throw controlCharacterError(byte)
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unexpected end-of-input in a string", at: start)
    }

    private func decodeUTF8(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError)
        -> String
    {
        guard UTF8Validation.isValid(slice) else {
            throw error("invalid utf-8 in a string", at: offset)
        }
        return String(decoding: slice, as: UTF8.self)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        error("illegal unquoted character (code \(byte)): control characters must be escaped in strings")
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        index += 1
        guard let escaped = peek() else { throw error("unexpected end-of-input in an escape sequence") }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in a \\u escape") }
                index += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("invalid low surrogate in a \\u escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error("unrecognized character escape \(describe(escaped))", at: index - 1)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("unexpected end-of-input in a \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error("unexpected character \(describe(byte)) in a \\u escape: expected a hex digit")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Helpers

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "(code \(byte))"
    }

    func describeCurrent() -> String {
        guard let byte = peek() else { return "end-of-input" }
        return "character \(describe(byte))"
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let position = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<position where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return JSONParseError(line: line, column: position - lineStart + 1, message: message)
    }
}
