import Foundation

/// Reads JSON text token by token, without building a ``JSONValue`` tree: for answers whose
/// shape the reader knows (a search answer's hits), read straight into models.
///
/// It applies the JSON parser's rules (`JSONValue.parse`) to what it reads (strict numbers, literals, string escapes,
/// UTF-8, control characters, the nesting limit) and checks that the whole input is one value.
/// Unlike the parser it does not look for repeated keys: a reader that reads a key twice sees
/// both.
///
/// ```swift
/// let total = try JSONCursor.read(data) { cursor in
///     var total = 0
///     try cursor.readObject { key, cursor in
///         if key == "count" { total = try cursor.readInt() } else { try cursor.skipValue() }
///     }
///     return total
/// }
/// ```
public struct JSONCursor {
    /// What the next value is.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    private var parser: JSONParser

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes: bytes)
    }

    /// Runs `body` with a cursor at the start of `data`, then checks that only whitespace is left.
    ///
    /// - Throws: ``JSONParseError`` for malformed input, or whatever `body` throws.
    public static func read<Result>(_ data: Data, _ body: (inout JSONCursor) throws -> Result) throws
        -> Result
    {
        try data.withUnsafeBytes { raw in
            try read(raw.bindMemory(to: UInt8.self), body)
        }
    }

    /// Runs `body` with a cursor at the start of `bytes`, then checks that only whitespace is left.
    public static func read<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONCursor) throws -> Result
    ) throws -> Result {
        var cursor = JSONCursor(bytes: bytes)
        cursor.parser.skipWhitespace()
        if cursor.parser.index == bytes.count {
            throw cursor.parser.error("no content to map due to end-of-input")
        }
        let result = try body(&cursor)
        cursor.parser.skipWhitespace()
        if cursor.parser.index != bytes.count {
            throw cursor.parser.error("unexpected \(cursor.parser.describeCurrent()) after the value")
        }
        return result
    }

    /// The kind of the next value.
    public mutating func peekKind() throws(JSONParseError) -> Kind {
        parser.skipWhitespace()
        guard let byte = parser.peek() else {
            throw parser.error("unexpected end-of-input: expected a value")
        }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw parser.error("unexpected \(parser.describeCurrent()): expected a value")
        }
    }

    /// Reads an object, calling `member` with each key; `member` must read or skip the value.
    public mutating func readObject(_ member: (String, inout JSONCursor) throws -> Void) throws {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else {
            throw parser.error("unexpected \(parser.describeCurrent()): expected an object")
        }
        try parser.enterContainer()
        parser.index += 1
        parser.skipWhitespace()
        if parser.peek() == UInt8(ascii: "}") {
            parser.index += 1
            parser.depth -= 1
            return
        }
        while true {
            parser.skipWhitespace()
            guard parser.peek() == UInt8(ascii: "\"") else {
                throw parser.error(
                    "unexpected \(parser.describeCurrent()): expected a field name in double quotes")
            }
            let key = try parser.parseString()
            parser.skipWhitespace()
            guard parser.peek() == UInt8(ascii: ":") else {
                throw parser.error(
                    "unexpected \(parser.describeCurrent()): expected ':' after field name '\(key)'")
            }
            parser.index += 1
            try member(key, &self)
            parser.skipWhitespace()
            switch parser.peek() {
            case UInt8(ascii: ","): parser.index += 1
            case UInt8(ascii: "}"):
                parser.index += 1
                parser.depth -= 1
                return
            default:
                throw parser.error("unexpected \(parser.describeCurrent()): expected ',' or '}' in an object")
            }
        }
    }

    /// Reads an array, calling `element` for each element; `element` must read or skip it.
    public mutating func readArray(_ element: (inout JSONCursor) throws -> Void) throws {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "[") else {
            throw parser.error("unexpected \(parser.describeCurrent()): expected an array")
        }
        try parser.enterContainer()
        parser.index += 1
        parser.skipWhitespace()
        if parser.peek() == UInt8(ascii: "]") {
            parser.index += 1
            parser.depth -= 1
            return
        }
        while true {
            try element(&self)
            parser.skipWhitespace()
            switch parser.peek() {
            case UInt8(ascii: ","): parser.index += 1
            case UInt8(ascii: "]"):
                parser.index += 1
                parser.depth -= 1
                return
            default:
                throw parser.error("unexpected \(parser.describeCurrent()): expected ',' or ']' in an array")
            }
        }
    }

    /// Reads a string.
    public mutating func readString() throws(JSONParseError) -> String {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "\"") else {
            throw parser.error("unexpected \(parser.describeCurrent()): expected a string")
        }
        return try parser.parseString()
    }

    /// Reads an integer (a number without fraction or exponent that fits in `Int`).
    public mutating func readInt() throws(JSONParseError) -> Int {
        guard try peekKind() == .number else {
            throw parser.error("unexpected \(parser.describeCurrent()): expected an integer")
        }
        let start = parser.index
        guard case .int(let value) = try parser.parseNumber() else {
            parser.index = start
            throw parser.error("expected an integer")
        }
        return value
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONParseError) -> Bool {
        guard try peekKind() == .bool else {
            throw parser.error("unexpected \(parser.describeCurrent()): expected a boolean")
        }
        guard case .bool(let value) = try parser.parseValue() else {
            throw parser.error("expected a boolean")
        }
        return value
    }

    /// Reads `null` and returns `true` when the next value is `null`; otherwise reads nothing.
    public mutating func readNull() throws(JSONParseError) -> Bool {
        guard try peekKind() == .null else { return false }
        try parser.expectLiteral("null")
        return true
    }

    /// Reads the next value whole, as a tree.
    public mutating func readValue() throws(JSONParseError) -> JSONValue {
        parser.skipWhitespace()
        return try parser.parseValue()
    }

    /// Skips the next value, checking its syntax without keeping it.
    public mutating func skipValue() throws {
        switch try peekKind() {
        case .object: try readObject { _, cursor in try cursor.skipValue() }
        case .array: try readArray { cursor in try cursor.skipValue() }
        case .string: _ = try parser.parseString()
        case .number: _ = try parser.parseNumber()
        case .bool, .null: _ = try parser.parseValue()
        }
    }

    /// A parse error at the cursor, for a value of the wrong shape.
    public func error(_ message: String) -> JSONParseError {
        parser.error(message)
    }
}
