import Foundation
import Testing

@testable import ESModels

/// The cursor against the parser: a tree rebuilt token by token is the parser's tree, skipping
/// accepts exactly what parsing accepts, and typed reads refuse values of another kind.
@Suite struct JSONCursorTests {
    /// A tree rebuilt through the cursor's token reads only (never `readValue`).
    private func rebuild(_ cursor: inout JSONCursor) throws -> JSONValue {
        switch try cursor.peekKind() {
        case .object:
            var members: [String: JSONValue] = [:]
            try cursor.readObject { key, cursor in members[key] = try rebuild(&cursor) }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try cursor.readArray { cursor in elements.append(try rebuild(&cursor)) }
            return .array(elements)
        case .string: return .string(try cursor.readString())
        case .bool: return .bool(try cursor.readBool())
        case .null:
            #expect(try cursor.readNull())
            return .null
        case .number: return try cursor.readValue()
        }
    }

    private func parsed(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { try? JSONParser.parse($0) }
    }

    private func rebuilt(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { pointer in try? JSONCursor.read(pointer) { try rebuild(&$0) } }
    }

    private func skips(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { pointer in
            (try? JSONCursor.read(pointer) { try $0.skipValue() }) != nil
        }
    }

    // Hands the cooperative threads over now and then: a test looping for seconds on one of the
    // two a 2-core machine has would otherwise starve the wire tests' servers beside it.
    @Test(arguments: 0..<3) func rebuildsAndSkipsWhatTheParserAccepts(seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            await Task.yield()
            let document = JSONFuzzing.value(depth: 4, using: &random)
            for style in [JSONWriter.Style.compact, .canonical] {
                let text = JSONWriter.write(document, style: style)
                #expect(rebuilt(text) == document)
                #expect(skips(text))
                var mutated = text
                for _ in 0..<4 {
                    mutated = JSONFuzzing.mutate(mutated, using: &random)
                    let input = String(decoding: mutated, as: UTF8.self).debugDescription
                    let parse = mutated.withUnsafeBufferPointer { pointer in
                        Result { () throws(JSONParseError) in try JSONParser.parse(pointer) }
                    }
                    let cursor = rebuilt(mutated)
                    #expect(skips(mutated) == (cursor != nil), "\(input)")
                    switch parse {
                    case .success(let value): #expect(cursor == value, "\(input)")
                    case .failure(let error):
                        // Repeated keys are the one thing the cursor leaves to its reader.
                        if cursor != nil { #expect(error.message.hasPrefix("duplicate field"), "\(input)") }
                    }
                }
            }
        }
    }

    @Test func refusesMalformedInputLikeTheParser() {
        for text in [
            "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1] 2", "\"\\x\"", "\"a\u{01}\"", "01", "-",
            "1.",
            "tru", "nul", "[\"\\ud800\"]", "{\"a\":[}",
        ] {
            let bytes = Array(text.utf8)
            #expect(parsed(bytes) == nil, "\(text.debugDescription)")
            #expect(!skips(bytes), "\(text.debugDescription)")
            #expect(rebuilt(bytes) == nil, "\(text.debugDescription)")
        }
        #expect(!skips([0x22, 0xC3, 0x28, 0x22]))  // invalid UTF-8 in a string
        let deep = Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        #expect(!skips(deep))
    }

    @Test func typedReadsRefuseOtherKinds() throws {
        let data = Data(#"{"n": 1.5, "s": "x", "b": true, "z": null, "big": 99999999999999999999}"#.utf8)
        try JSONCursor.read(data) { cursor in
            try cursor.readObject { key, cursor in
                switch key {
                case "n":
                    #expect(throws: JSONParseError.self) { try cursor.readInt() }
                    _ = try cursor.readValue()
                case "s":
                    #expect(throws: JSONParseError.self) { try cursor.readBool() }
                    #expect(try cursor.readString() == "x")
                case "b":
                    #expect(!(try cursor.readNull()))
                    #expect(throws: JSONParseError.self) { try cursor.readString() }
                    #expect(try cursor.readBool())
                case "z":
                    #expect(try cursor.readNull())
                default:
                    #expect(throws: JSONParseError.self) { try cursor.readInt() }
                    #expect(try cursor.readValue() == .double(1e20))
                }
            }
        }
    }

    @Test func readsEscapesAndNonASCII() throws {
        let data = Data(#"["a\"b\\c\n\u00e9\ud83d\ude00", "Kenya · Nairobi"]"#.utf8)
        let strings = try JSONCursor.read(data) { cursor in
            var strings: [String] = []
            try cursor.readArray { strings.append(try $0.readString()) }
            return strings
        }
        #expect(strings == ["a\"b\\c\né😀", "Kenya · Nairobi"])
    }
}
