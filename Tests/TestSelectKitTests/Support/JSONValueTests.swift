import Testing

@testable import TestSelectSupport

@Suite struct JSONValueTests {
    @Test func parsesAndWritesKeepingKeyOrder() throws {
        let text = #"{"b": [1, 2.5, true, null], "a": {"x": "y\n\"z\" \u00e9 \ud83d\ude00"}}"#
        let value = try JSONValue.parse(text)
        #expect(value.objectValue?.map(\.0) == ["b", "a"])
        #expect(value["a"]?["x"]?.stringValue == "y\n\"z\" é 😀")
        #expect(value.serialized() == #"{"b":[1,2.5,true,null],"a":{"x":"y\n\"z\" é 😀"}}"#)
        #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
    }

    @Test func reportsTheLineOfAnError() {
        #expect(throws: JSONParseError(message: "expected ',' or '}' in an object", line: 3)) {
            try JSONValue.parse("{\n\"a\": 1\n\"b\": 2}")
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("[1, 2") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{} extra") }
    }
}
