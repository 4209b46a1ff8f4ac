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
        #expect(try JSONValue(parsing: SourceWriter.bytes(value)) == value)
        #expect(SourceWriter.normalized(value) == value)
    }

    @Test func nonFiniteNumbersAreStoredAndKeptAsNull() throws {
        let value: JSONValue = [
            "nan": .double(.nan), "list": [.double(.infinity), 1.5], "inner": ["low": .double(-.infinity)],
            "kept": "x",
        ]
        let expected: JSONValue = ["nan": nil, "list": [nil, 1.5], "inner": ["low": nil], "kept": "x"]
        #expect(SourceWriter.normalized(value) == expected)
        #expect(try JSONValue(parsing: SourceWriter.bytes(value)) == expected)
    }
}
