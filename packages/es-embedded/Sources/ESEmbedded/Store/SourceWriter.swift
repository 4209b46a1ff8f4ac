import ESModels

/// Writes a document's `_source` as compact JSON for storage. Unlike
/// ``ESModels/JSONValue/compactBytes`` it keeps object members in the order the value holds
/// them instead of sorting them: the stored bytes are only read back as a value, so the order
/// does not matter and sorting every object of every document would cost more than the rest.
enum SourceWriter {
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        write(value, into: &output)
        return output
    }

    /// `value` as it reads back from its bytes: a non-finite number, which JSON cannot hold, is
    /// written as `null`. An engine keeps this value, so that a document's `_source` is the
    /// same before and after a restart.
    static func normalized(_ value: JSONValue) -> JSONValue {
        guard hasNonFiniteNumber(value) else { return value }
        switch value {
        case .double(let number) where !number.isFinite: return .null
        case .array(let elements): return .array(elements.map(normalized))
        case .object(let members): return .object(members.mapValues(normalized))
        default: return value
        }
    }

    private static func hasNonFiniteNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): !number.isFinite
        case .array(let elements): elements.contains(where: hasNonFiniteNumber)
        case .object(let members): members.values.contains(where: hasNonFiniteNumber)
        case .null, .bool, .int, .string: false
        }
    }

    /// Appends the compact JSON of `value` to `output`.
    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: appendNull(into: &output)
        case .bool(let flag): appendASCII(flag ? "true" : "false", into: &output)
        case .int(let number): writeInteger(number, into: &output)
        case .double(let number):
            if number.isFinite {
                output.append(contentsOf: number.description.utf8)
            } else {
                appendNull(into: &output)
            }
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func appendNull(into output: inout [UInt8]) {
        appendASCII("null", into: &output)
    }

    private static func appendASCII(_ literal: StaticString, into output: inout [UInt8]) {
        output.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Decimal digits without going through `String`.
    private static func writeInteger(_ number: Int, into output: inout [UInt8]) {
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

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: plain runs are copied at once, the bytes JSON requires escaped in between.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
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
