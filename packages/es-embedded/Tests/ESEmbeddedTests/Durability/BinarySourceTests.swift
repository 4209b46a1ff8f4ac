import ESModels
import Testing

@testable import ESEmbedded

@Suite struct BinarySourceTests {
    @Test(arguments: [
        JSONValue.object([
            "text": "quote \" backslash \\ newline \n tab \t bell \u{07} é 東京 🎬", "int": -42, "double": 2.5,
            "exp": 1e+20, "flag": true, "nothing": nil, "array": [1, "two", [3], ["k": false]], "empty": [:],
            "emptyArray": [], "": "empty key",
        ]),
        ["a": ["b": ["c": ["d": 1]]]], "scalar", 7, "", nil,
        [.int(.min), .int(.max), 0, -5, 1e-7, .double(-0.0), .double(.leastNonzeroMagnitude), true, false],
        .string(String(repeating: "long text ", count: 1_000)),
    ])
    func valuesReadBackEqual(value: JSONValue) throws {
        var bytes: [UInt8] = [0xAA]
        BinarySource.write(value, into: &bytes)
        #expect(bytes.first == 0xAA)
        #expect(try BinarySource.read(bytes.dropFirst()) == value)
    }

    /// A snapshot writes each document from its stored text: the same bytes as from its tree.
    @Test(arguments: [
        JSONValue.object([
            "text": "quote \" backslash \\ newline \n tab \t bell \u{07} é 東京 🎬", "int": -42, "double": 2.5,
            "exp": 1e+20, "flag": true, "nothing": nil, "array": [1, "two", [3], ["k": false]], "empty": [:],
            "emptyArray": [], "": "empty key",
        ]),
        ["a": ["b": ["c": ["d": 1]]]], "scalar", 7, "", nil, [.int(.min), .int(.max), 1e-7, .double(-0.0)],
    ])
    func textIsWrittenAsItsValue(value: JSONValue) throws {
        var fromValue: [UInt8] = []
        BinarySource.write(value, into: &fromValue)
        var fromText: [UInt8] = [0xAA]
        BinarySource.write(text: SourceWriter.storedText(value), into: &fromText)
        #expect(fromText.first == 0xAA)
        #expect(try BinarySource.read(fromText.dropFirst()) == value)
        // Members come in the text's order, which is the tree's: the bytes are the same.
        #expect(Array(fromText.dropFirst()) == fromValue)
    }

    @Test func nonFiniteNumbersAreWrittenAsNull() throws {
        var bytes: [UInt8] = []
        BinarySource.write(["nan": .double(.nan), "list": [.double(.infinity), 1.5]], into: &bytes)
        #expect(try BinarySource.read(bytes[...]) == ["nan": nil, "list": [nil, 1.5]])
    }

    @Test func truncatedOrPaddedBytesAreDecodingFailures() {
        var bytes: [UInt8] = []
        BinarySource.write(["k": "value", "n": [1, 2, 3]], into: &bytes)
        for length in 0..<bytes.count {
            #expect(throws: RecordCodec.DecodingFailure.self) { try BinarySource.read(bytes.prefix(length)) }
        }
        #expect(throws: RecordCodec.DecodingFailure.self) { try BinarySource.read((bytes + [0])[...]) }
        #expect(throws: RecordCodec.DecodingFailure.self) { try BinarySource.read([42][...]) }
    }

    @Test func excessiveNestingIsADecodingFailure() {
        var deep: JSONValue = 1
        for _ in 0...BinarySource.maximumDepth { deep = [deep] }
        var bytes: [UInt8] = []
        BinarySource.write(deep, into: &bytes)
        #expect(throws: RecordCodec.DecodingFailure.self) { try BinarySource.read(bytes[...]) }
    }
}
