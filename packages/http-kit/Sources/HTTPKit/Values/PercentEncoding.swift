/// Percent-encoding and decoding of URL components (RFC 3986, section 2.1).
enum PercentEncoding {
    /// Decodes `%XX` escapes; an invalid escape is kept as written, and bytes that do not form
    /// valid UTF-8 are replaced with U+FFFD rather than rejected.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        decode(bytes, plusAsSpace: false)
    }

    /// Decodes a form-encoded component: like ``decode(_:)`` and `+` means a space.
    static func decodeFormComponent<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        decode(bytes, plusAsSpace: true)
    }

    private static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, plusAsSpace: Bool) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) })
        else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"),
                let first = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex),
                first != bytes.endIndex,
                let second = bytes.index(first, offsetBy: 1, limitedBy: bytes.endIndex),
                second != bytes.endIndex,
                let high = HTTPSyntax.hexValue(bytes[first]), let low = HTTPSyntax.hexValue(bytes[second])
            {
                output.append(high << 4 | low)
                index = bytes.index(after: second)
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes every byte except RFC 3986's unreserved characters.
    static func encodeQueryComponent(_ string: String) -> String {
        encode(string) { isUnreserved($0) }
    }

    /// Encodes a path segment: unreserved characters and the sub-delimiters, `:` and `@` are
    /// kept, so `/` inside a segment becomes `%2F`.
    static func encodePathSegment(_ string: String) -> String {
        encode(string) { byte in
            isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte)
        }
    }

    private static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        guard !string.utf8.allSatisfy(keep) else { return string }
        let digits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count * 3)
        for byte in string.utf8 {
            if keep(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(digits[Int(byte >> 4)])
                output.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
