// The JSON parser of es-models before it was made faster (commit f7bf671), kept verbatim
// (renamed) as the reference the current one must agree with, value for value and error for
// error.

import Foundation

@testable import ESModels

/// The reference strict RFC 8259 JSON parser producing `JSONValue`.
///
/// It rejects what Elasticsearch's parser rejects: trailing garbage, duplicate object keys,
/// invalid UTF-8, unescaped control characters in strings, and nesting deeper than
/// ``maximumDepth``. Errors carry the line and column.
struct ReferenceJSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error rather
    /// than a stack overflow.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON value that must span the whole input (surrounding whitespace allowed).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = ReferenceJSONParser(bytes: bytes)
        parser.skipWhitespace()
        if parser.index == bytes.count { throw parser.error("no content to map due to end-of-input") }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw parser.error(
                "unexpected character \(parser.describe(parser.bytes[parser.index])) after the value")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
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
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
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
            if members.updateValue(value, forKey: key) != nil {
                throw error("duplicate field '\(key)'", at: keyStart)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("unexpected \(describeCurrent()): expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw error("unexpected \(describeCurrent()): expected ',' or ']' in an array")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting depth exceeds the maximum allowed (\(Self.maximumDepth))")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
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

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
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

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                return try decodeUTF8(slice, at: contentStart)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
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
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw error("invalid utf-8 in a string", at: offset)
        }
        return string
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

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
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

    private func describeCurrent() -> String {
        guard let byte = peek() else { return "end-of-input" }
        return "character \(describe(byte))"
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
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
