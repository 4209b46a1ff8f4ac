/// Finds the end of a run of bytes that JSON strings copy as they are, eight bytes at a time.
///
/// The parser and the writer spend most of their time in strings; testing a 64-bit word for
/// "any byte below 0x20, `"` or `\`" (and, for the parser, "any byte of 0x80 or more") with the
/// classic has-zero-byte bit tricks replaces eight compares and branches by a handful of
/// arithmetic operations.
enum JSONByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The first offset at or after `start` whose byte is below 0x20, `"` or `\` (or, when
    /// `stopAtNonASCII`, 0x80 or above); `bytes.count` when there is none.
    static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if hasSpecialByte(word, stopAtNonASCII: stopAtNonASCII) { break }
                index += 8
            }
        }
        while index < bytes.count, isPlain(bytes[index], stopAtNonASCII: stopAtNonASCII) { index += 1 }
        return index
    }

    /// Whether any byte of `word` is special. Exact: a borrow between bytes only happens
    /// after a byte that is itself flagged.
    private static func hasSpecialByte(_ word: UInt64, stopAtNonASCII: Bool) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        var flags =
            control | ((quotes &- ones) & ~quotes & highBits)
            | ((backslashes &- ones) & ~backslashes & highBits)
        if stopAtNonASCII { flags |= word & highBits }
        return flags != 0
    }

    private static func isPlain(_ byte: UInt8, stopAtNonASCII: Bool) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            && (!stopAtNonASCII || byte < 0x80)
    }
}
