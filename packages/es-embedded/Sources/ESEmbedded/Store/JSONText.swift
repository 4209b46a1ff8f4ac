import ESModels

/// Compact JSON text: what stored sources (``SourceWriter``) and the REST facade's answers are
/// written with.
///
/// Numbers: integers in decimal, doubles in Swift's shortest round-trip form, non-finite doubles
/// (which JSON cannot hold) as `null`. Strings escape `"`, `\` and control characters and keep
/// every other character as is. Object members follow the value's own order, or with
/// `sortingKeys` the UTF-8 order of their keys, as es-models' `compactData` writes them (equal
/// values then give equal text).
///
/// Written through a pointer into a growable buffer (as ``BinarySource`` does): every document
/// is written when it is stored, and its many small pieces cost a store each, not an array
/// append each.
package struct JSONText {
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    package private(set) var count = 0
    private var capacity: Int

    /// An empty buffer of `capacity` bytes; ``release()`` frees it.
    package init(capacity: Int = 1_024) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    /// Frees the buffer; the text is gone.
    package func release() {
        base.deallocate()
    }

    /// The text written, as an array of its own length.
    package var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the text written.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The compact JSON of `value`.
    package static func bytes(_ value: JSONValue, sortingKeys: Bool = false) -> [UInt8] {
        var text = JSONText()
        defer { text.release() }
        text.append(value, sortingKeys: sortingKeys)
        return text.bytes
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    /// Appends one byte (punctuation between values written otherwise).
    package mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends bytes as they are: text written already.
    package mutating func append(text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, !text.isEmpty else { return }
        reserve(text.count)
        (base + count).update(from: source, count: text.count)
        count += text.count
    }

    /// Appends the compact JSON of `value`.
    package mutating func append(_ value: JSONValue, sortingKeys: Bool = false) {
        switch value {
        case .null: append(literal: "null")
        case .bool(let flag): append(literal: flag ? "true" : "false")
        case .int(let number): integer(number)
        case .double(let number):
            if number.isFinite {
                var text = number.description
                text.withUTF8 { append(text: $0) }
            } else {
                append(literal: "null")
            }
        case .string(let text): append(string: text)
        case .array(let elements):
            append(byte: UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { append(byte: UInt8(ascii: ",")) }
                first = false
                append(element, sortingKeys: sortingKeys)
            }
            append(byte: UInt8(ascii: "]"))
        case .object(let members):
            if sortingKeys && members.count > 1 {
                append(members: members.sorted { Self.precedes($0.key, $1.key) }, sortingKeys: true)
            } else {
                append(members: members, sortingKeys: sortingKeys)
            }
        }
    }

    private mutating func append<Members: Sequence<(key: String, value: JSONValue)>>(
        members: Members, sortingKeys: Bool
    ) {
        append(byte: UInt8(ascii: "{"))
        var first = true
        for (key, value) in members {
            if !first { append(byte: UInt8(ascii: ",")) }
            first = false
            append(string: key)
            append(byte: UInt8(ascii: ":"))
            append(value, sortingKeys: sortingKeys)
        }
        append(byte: UInt8(ascii: "}"))
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

    /// Appends a literal as it is (`null`, punctuation and member names written already).
    package mutating func append(literal: StaticString) {
        append(text: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Decimal digits without going through `String`.
    private mutating func integer(_ number: Int) {
        reserve(20)
        if number < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = number.magnitude
        var digits = 1
        var scale: UInt = 10
        while digits < 20, magnitude >= scale {
            digits += 1
            if scale > UInt.max / 10 { break }
            scale *= 10
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// A JSON string: plain runs are copied at once, the bytes JSON requires escaped in between.
    package mutating func append(string text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(bytes.count + 2)
            base[count] = UInt8(ascii: "\"")
            count += 1
            var start = 0
            while true {
                let end = Self.plainEnd(bytes, from: start)
                append(text: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                guard end < bytes.count else { break }
                start = end + 1
                let byte = bytes[end]
                reserve(6)
                base[count] = UInt8(ascii: "\\")
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    base[count + 1] = byte
                    count += 2
                case 0x0A:
                    base[count + 1] = UInt8(ascii: "n")
                    count += 2
                case 0x0D:
                    base[count + 1] = UInt8(ascii: "r")
                    count += 2
                case 0x09:
                    base[count + 1] = UInt8(ascii: "t")
                    count += 2
                default:
                    base[count + 1] = UInt8(ascii: "u")
                    base[count + 2] = UInt8(ascii: "0")
                    base[count + 3] = UInt8(ascii: "0")
                    base[count + 4] = Self.hex.utf8Start[Int(byte >> 4)]
                    base[count + 5] = Self.hex.utf8Start[Int(byte & 0x0F)]
                    count += 6
                }
            }
            append(byte: UInt8(ascii: "\""))
        }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The first offset at or after `start` whose byte JSON must escape (below 0x20, `"` or
    /// `\`), eight bytes at a time with the has-zero-byte bit tricks; `bytes.count` when none.
    private static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let control = (word &- ones &* 0x20) & ~word & highBits
                let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let flags =
                    control | ((quotes &- ones) & ~quotes & highBits)
                    | ((backslashes &- ones) & ~backslashes & highBits)
                if flags != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        return index
    }
}
