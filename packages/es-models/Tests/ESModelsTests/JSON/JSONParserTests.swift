import Foundation
import Testing

@testable import ESModels

@Suite struct JSONParserTests {
    @Test func parsesScalarsKeepingIntegersApartFromDoubles() throws {
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: " true ") == .bool(true))
        #expect(try JSONValue(parsing: "false") == .bool(false))
        #expect(try JSONValue(parsing: "42") == .int(42))
        #expect(try JSONValue(parsing: "-7") == .int(-7))
        #expect(try JSONValue(parsing: "1.0") == .double(1.0))
        #expect(try JSONValue(parsing: "1e3") == .double(1000))
        #expect(try JSONValue(parsing: "-2.5E-2") == .double(-0.025))
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int.max))
        #expect(try JSONValue(parsing: "92233720368547758080") == .double(92_233_720_368_547_758_080))
    }

    @Test func parsesStringsWithEscapesAndUnicode() throws {
        #expect(try JSONValue(parsing: #""a\"b\\c\/d\n\t\r\b\f""#) == .string("a\"b\\c/d\n\t\r\u{08}\u{0C}"))
        #expect(try JSONValue(parsing: #""caf\u00e9""#) == .string("café"))
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue(parsing: "\"naïve 東京\"") == .string("naïve 東京"))
    }

    @Test func parsesNestedContainers() throws {
        let value = try JSONValue(parsing: #"{"a": [1, {"b": null}], "c": {}, "d": []}"#)
        #expect(value == ["a": [1, ["b": nil]], "c": [:], "d": []])
    }

    @Test(arguments: [
        ("", 1, 1, "no content to map due to end-of-input"),
        ("{\"a\":1,}", 1, 8, "unexpected character '}': expected a field name in double quotes"),
        ("[1,2", 1, 5, "unexpected end-of-input: expected ',' or ']' in an array"),
        ("{\"a\":1} x", 1, 9, "unexpected character 'x' after the value"),
        ("{\n  \"a\": 1,\n  \"a\": 2\n}", 3, 3, "duplicate field 'a'"),
        ("01", 1, 2, "invalid number: leading zeroes are not allowed"),
        ("tru", 1, 1, "unrecognized token: expected 'true'"),
        ("nullx", 1, 5, "unrecognized token: expected 'null'"),
        ("\"abc", 1, 1, "unexpected end-of-input in a string"),
        (
            "\"a\u{01}\"", 1, 3,
            "illegal unquoted character (code 1): control characters must be escaped in strings"
        ),
        (#""\x""#, 1, 3, "unrecognized character escape 'x'"),
        (#""\ud800""#, 1, 8, "unpaired surrogate in a \u{5C}u escape"),
        ("-", 1, 2, "invalid number: expected a digit after '-'"),
        ("1.", 1, 3, "invalid number: expected a digit after the decimal point"),
    ])
    func reportsErrorsWithPosition(input: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONParseError(line: line, column: column, message: message)) {
            try JSONValue(parsing: input)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParseError(line: 1, column: 2, message: "invalid utf-8 in a string")) {
            try JSONValue(parsing: bytes)
        }
    }

    @Test func rejectsNestingBeyondTheLimitWithoutCrashing() async throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        // Parsed on a concurrency thread, whose stack is smaller than the main thread's.
        let outcome = await Task.detached { () -> String in
            do {
                _ = try JSONValue(parsing: deep)
                return "parsed"
            } catch {
                return (error as? JSONParseError)?.message ?? "\(error)"
            }
        }.value
        #expect(outcome == "nesting depth exceeds the maximum allowed (512)")
        let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONValue(parsing: allowed) }
    }

    @Test func parsesDataAndBytesLikeText() throws {
        let text = #"{"x": [true, 1.5]}"#
        #expect(try JSONValue(parsing: Data(text.utf8)) == JSONValue(parsing: text))
        #expect(try JSONValue(parsing: Array(text.utf8)) == JSONValue(parsing: text))
    }

    @Test func parseErrorDescribesItselfLikeElasticsearch() {
        let error = JSONParseError(line: 2, column: 7, message: "duplicate field 'a'")
        #expect(error.description == "[2:7] duplicate field 'a'")
    }
}
