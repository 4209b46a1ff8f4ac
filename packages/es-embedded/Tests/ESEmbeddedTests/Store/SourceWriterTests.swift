import ESModels
import Testing

@testable import ESEmbedded

@Suite struct SourceWriterTests {
    @Test(arguments: [
        JSONValue.object([
            "text": "quote \" backslash \\ newline \n tab \t bell \u{07} é 東京 🎬", "int": -42, "double": 2.5,
            "exp": 1e+20, "flag": true, "nothing": nil, "array": [1, "two", [3], ["k": false]], "empty": [:],
            "emptyArray": [],
        ]),
        ["a": ["b": ["c": ["d": 1]]]], "scalar", 7,
        [.int(.min), .int(.max), 0, -5, 10, 1_000_000, -0.0, 1e-7, "\u{01}\u{1F}\"\\", "", true, false, nil],
    ])
    func writesJSONThatParsesBackToTheSameValue(value: JSONValue) throws {
        #expect(try JSONValue(parsing: SourceWriter.storedText(value)) == value)
        #expect(SourceWriter.normalized(value) == value)
    }

    @Test func nonFiniteNumbersAreStoredAndKeptAsNull() throws {
        let value: JSONValue = [
            "nan": .double(.nan), "list": [.double(.infinity), 1.5], "inner": ["low": .double(-.infinity)],
            "kept": "x",
        ]
        let expected: JSONValue = ["nan": nil, "list": [nil, 1.5], "inner": ["low": nil], "kept": "x"]
        #expect(SourceWriter.normalized(value) == expected)
        #expect(try JSONValue(parsing: SourceWriter.storedText(value)) == expected)
    }

    /// With sorted keys the text is es-models' `compactData` byte for byte (for strings without
    /// backspace or form feed, which es-models writes as `\b` and `\f`); integers of every
    /// length, escapes at every position of an eight-byte word, texts longer than the buffer.
    @Test func sortedTextIsTheCompactDataOfESModels() throws {
        var numbers: [JSONValue] = [.int(.min), .int(.max), .int(.min + 1), .int(.max - 1)]
        var power = 1
        for _ in 0..<19 {
            numbers += [.int(power - 1), .int(power), .int(power + 1), .int(-power), .int(-power + 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        var strings: [JSONValue] = []
        for position in 0..<17 {
            for special in ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "é", "東", "🎬"] {
                strings.append(.string(String(repeating: "a", count: position) + special + "bcdefghij"))
            }
        }
        let long = JSONValue.string(String(repeating: "long \"text\" ", count: 2_000))
        let value: JSONValue = [
            "numbers": .array(numbers), "strings": .array(strings), "long": long,
            "nested": ["z": [1, ["y": [:], "x": []]], "a": ["b": nil, "B": true, "é": false, "e": 2.5]],
            "doubles": [0.1, 2.0, 1e+20, -1e-7, 123456.789, .double(.nan), .double(-.infinity)],
        ]
        #expect(JSONText.bytes(value, sortingKeys: true) == value.compactBytes)
        #expect(try JSONValue(parsing: JSONText.bytes(value)) == SourceWriter.normalized(value))
    }
}
