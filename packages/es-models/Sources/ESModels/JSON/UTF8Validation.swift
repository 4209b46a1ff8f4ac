/// Strict UTF-8 well-formedness, as the Unicode Standard defines it (table 3-7): no overlong
/// forms, no surrogates, nothing above U+10FFFF, no truncated sequences.
///
/// It accepts exactly what `String(validating:as: UTF8.self)` accepts, without that generic
/// initializer's run-time metadata look-up on every call (`UTF8ValidationTests` compare the two
/// on every sequence of up to three bytes and on random longer ones).
enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the lead; later ones are 80...BF.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
