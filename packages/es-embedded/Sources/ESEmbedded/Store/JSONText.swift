import ESModels

/// Compact JSON text, appended to a byte buffer: what stored sources (``SourceWriter``) and the
/// REST facade's answers are written with.
///
/// Numbers: integers in decimal, doubles in Swift's shortest round-trip form, non-finite doubles
/// (which JSON cannot hold) as `null`. Strings escape `"`, `\` and control characters and keep
/// every other character as is. Object members follow the value's own order, or with
/// `sortingKeys` the UTF-8 order of their keys, as es-models' `compactData` writes them (equal
/// values then give equal text).
package enum JSONText {
    /// Appends the compact JSON of `value` to `output`.
    package static func append(_ value: JSONValue, sortingKeys: Bool = false, into output: inout [UInt8]) {
        switch value {
        case .null: appendLiteral("null", into: &output)
        case .bool(let flag): appendLiteral(flag ? "true" : "false", into: &output)
        case .int(let number): appendInteger(number, into: &output)
        case .double(let number): appendDouble(number, into: &output)
        case .string(let text): appendString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                append(element, sortingKeys: sortingKeys, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if sortingKeys && members.count > 1 {
                appendMembers(members.sorted { precedes($0.key, $1.key) }, sortingKeys: true, into: &output)
            } else {
                appendMembers(members, sortingKeys: sortingKeys, into: &output)
            }
        }
    }

    private static func appendMembers<Members: Sequence<(key: String, value: JSONValue)>>(
        _ members: Members, sortingKeys: Bool, into output: inout [UInt8]
    ) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in members {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            appendString(key, into: &output)
            output.append(UInt8(ascii: ":"))
            append(value, sortingKeys: sortingKeys, into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Whether `left`'s UTF-8 bytes sort before `right`'s.
    package static func precedes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { left in
            right.withUTF8 { right in
                for offset in 0..<min(left.count, right.count) where left[offset] != right[offset] {
                    return left[offset] < right[offset]
                }
                return left.count < right.count
            }
        }
    }

    /// Appends a literal (`null`, `true`, a punctuation run) as it is.
    package static func appendLiteral(_ literal: StaticString, into output: inout [UInt8]) {
        output.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Decimal digits without going through `String`.
    package static func appendInteger(_ number: Int, into output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        if magnitude < 10 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = digits.count
            while magnitude > 0 {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// A double in its shortest round-trip form; `null` when it is not finite.
    package static func appendDouble(_ number: Double, into output: inout [UInt8]) {
        if number.isFinite {
            output.append(contentsOf: number.description.utf8)
        } else {
            appendLiteral("null", into: &output)
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: plain runs are copied at once, the bytes JSON requires escaped in between.
    package static func appendString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: output.append(contentsOf: [0x5C, 0x72])
                case 0x09: output.append(contentsOf: [0x5C, 0x74])
                default:
                    output.append(contentsOf: [
                        0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                    ])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
