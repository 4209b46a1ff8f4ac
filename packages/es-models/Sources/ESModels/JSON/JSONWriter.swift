/// Writes ``JSONValue``s as UTF-8 text in one of two stable styles.
///
/// Both styles sort object keys by their UTF-8 bytes, so equal values always produce equal
/// bytes. Numbers: integers in decimal; doubles in Swift's shortest round-trip form
/// (`0.1`, `2.0`, `1e+20`); non-finite doubles, which JSON cannot express, as `null`.
/// Strings escape `"`, `\` and control characters and keep every other character as is.
struct JSONWriter {
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
        var writer = JSONWriter(style: style)
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
        // Sorting the members themselves, not the keys, spares a dictionary look-up per key.
        let sorted = members.count == 1 ? Array(members) : members.sorted { Self.precedes($0.key, $1.key) }
        for (position, member) in sorted.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newline(indent: indent + 1)
            writeString(member.key)
            append(style == .canonical ? ": " : ":")
            write(member.value, indent: indent + 1)
        }
        newline(indent: indent)
        output.append(UInt8(ascii: "}"))
    }

    /// Whether `left`'s UTF-8 bytes sort before `right`'s.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let contiguous = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                for offset in 0..<min(left.count, right.count) where left[offset] != right[offset] {
                    return left[offset] < right[offset]
                }
                return left.count < right.count
            }
        }
        if let contiguous, let result = contiguous { return result }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
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
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { writeEscaped($0) }
        if written == nil { Array(text.utf8).withUnsafeBufferPointer { writeEscaped($0) } }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` with `"`, `\` and control characters escaped, copying the runs between
    /// them in one go (most strings are a single run).
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        while true {
            let special = JSONByteScan.plainEnd(utf8, from: runStart, stopAtNonASCII: false)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<special]))
            guard special < utf8.count else { return }
            runStart = special + 1
            let byte = utf8[special]
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                append("\\u00")
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
