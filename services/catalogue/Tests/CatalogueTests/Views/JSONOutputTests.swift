import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct JSONOutputTests {
    @Test func writesValidNestedJSON() throws {
        var output = JSONOutput()
        output.beginObject()
        output.key("a")
        output.strings(["x", "y"])
        output.key("b")
        output.beginArray()
        output.beginObject()
        output.key("c")
        output.int(-3)
        output.endObject()
        output.beginObject()
        output.endObject()
        output.endArray()
        output.key("d")
        output.bool(false)
        output.key("e")
        output.null()
        output.endObject()
        #expect(
            String(decoding: output.bytes, as: UTF8.self)
                == #"{"a":["x","y"],"b":[{"c":-3},{}],"d":false,"e":null}"#)
    }

    @Test(arguments: [
        "plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{01}\u{1f}", "é 🙂 ✓", "",
    ])
    func escapesStringsAsTheSortedWriterDoes(text: String) throws {
        var output = JSONOutput()
        output.string(text)
        #expect(try JSONValue(parsing: output.bytes) == .string(text))
        #expect(String(decoding: output.bytes, as: UTF8.self) == JSONValue.string(text).compactString)
    }

    @Test func writesDatesAsTheIndicesStoreThem() {
        for millis in stride(from: -1_000_000_000_000, to: 5_000_000_000_000, by: 123_456_789_012) + [
            0, 1, 999, 86_400_000,
        ] {
            var output = JSONOutput()
            output.date(Date(epochMillis: millis))
            #expect(
                String(decoding: output.bytes, as: UTF8.self) == "\"\(ISODate.string(fromMillis: millis))\"")
        }
    }
}
