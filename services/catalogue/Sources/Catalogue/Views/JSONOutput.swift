import ESModels
import Foundation

/// Writes a JSON document straight into bytes, members in the order they are written.
///
/// The asset responses are the hot path of the API; building a `JSONValue` tree and writing it
/// (hashing every key, sorting every object) cost more than the rest of a request. Writers call
/// members in alphabetical order so that output matches the sorted form of the other responses.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value at each open level needs a comma before it.
    private var needsComma: [Bool] = [false]

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The document.
    var data: Data { Data(bytes) }

    /// The envelope of paged lists, `{"count": total, "facets": {..}, "items": [...], "next": "..",
    /// "num": .., "start": ..}` (`facets` when `writeFacets` is given, `next` unless the page is
    /// the last), with `writeItems` writing the items into the array.
    static func page(
        total: Int, start: Int, num: Int, next: String?, capacity: Int,
        writeFacets: ((inout JSONOutput) -> Void)? = nil, writeItems: (inout JSONOutput) -> Void
    ) -> JSONOutput {
        var output = JSONOutput(capacity: capacity)
        output.beginObject()
        output.key("count")
        output.int(total)
        if let writeFacets {
            output.key("facets")
            writeFacets(&output)
        }
        output.key("items")
        output.beginArray()
        writeItems(&output)
        output.endArray()
        if let next {
            output.key("next")
            output.string(next)
        }
        output.key("num")
        output.int(num)
        output.key("start")
        output.int(start)
        output.endObject()
        return output
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    mutating func endObject() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member name; the next value written is its value.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma[needsComma.count - 1] = false
    }

    mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most strings need no escaping: copy them whole.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { appendEscaped(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x00..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("\\u00".utf8))
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
    }

    mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// A date as the indices store it: `2025-06-01T12:00:00Z`, milliseconds only when non-zero.
    mutating func date(_ date: Date) {
        separate()
        let millis = date.epochMillis
        let (days, ofDay) = CivilTime.floorDivide(millis, CivilTime.millisPerDay)
        let (year, month, day) = CivilTime.date(days: days)
        bytes.append(UInt8(ascii: "\""))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(ofDay / 3_600_000, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(ofDay / 60_000 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(ofDay / 1000 % 60, 2)
        if ofDay % 1000 != 0 {
            bytes.append(UInt8(ascii: "."))
            digits(ofDay % 1000, 3)
        }
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        if rest >= divisor * 10 {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        while divisor > 0 {
            bytes.append(UInt8(48 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }
}
