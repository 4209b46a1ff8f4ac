// The JSON writer of es-models before it was made faster (commit f7bf671), kept verbatim
// (renamed) as the reference the current one must agree with byte for byte.

@testable import ESModels

/// Writes ``JSONValue``s as UTF-8 text in one of two stable styles.
///
/// Both styles sort object keys by their UTF-8 bytes, so equal values always produce equal
/// bytes. Numbers: integers in decimal; doubles in Swift's shortest round-trip form
/// (`0.1`, `2.0`, `1e+20`); non-finite doubles, which JSON cannot express, as `null`.
/// Strings escape `"`, `\` and control characters and keep every other character as is.
struct ReferenceJSONWriter {
    /// How whitespace is laid out.
    enum Style {
        /// No whitespace at all: `{"a":[1,2]}`. Used on the wire.
        case compact
        /// Two-space indentation, `": "` after keys, one member per line, and a trailing
        /// newline: the canonical file format that compares byte for byte.
        case canonical
    }

    private let style: Style
    private var output: [UInt8] = []

    private init(style: Style) {
        self.style = style
    }

    /// The UTF-8 bytes of `value` in `style`.
    static func write(_ value: JSONValue, style: Style) -> [UInt8] {
        var writer = ReferenceJSONWriter(style: style)
        writer.output.reserveCapacity(256)
        writer.write(value, indent: 0)
        if style == .canonical { writer.output.append(0x0A) }
        return writer.output
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .double(let number): append(number.isFinite ? String(number) : "null")
        case .string(let text): writeString(text)
        case .array(let elements): writeArray(elements, indent: indent)
        case .object(let members): writeObject(members, indent: indent)
        }
    }

    private mutating func writeArray(_ elements: [JSONValue], indent: Int) {
        guard !elements.isEmpty else { return append("[]") }
        output.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newline(indent: indent + 1)
            write(element, indent: indent + 1)
        }
        newline(indent: indent)
        output.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [String: JSONValue], indent: Int) {
        guard !members.isEmpty else { return append("{}") }
        output.append(UInt8(ascii: "{"))
        let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (position, key) in keys.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newline(indent: indent + 1)
            writeString(key)
            append(style == .canonical ? ": " : ":")
            if let member = members[key] { write(member, indent: indent + 1) }
        }
        newline(indent: indent)
        output.append(UInt8(ascii: "}"))
    }

    private mutating func newline(indent: Int) {
        guard style == .canonical else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                append("\\u00")
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
