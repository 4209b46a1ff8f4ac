import Foundation
import Testing

@testable import ESModels

@Suite struct JSONWriterTests {
    @Test func canonicalFormSortsKeysIndentsTwoSpacesAndEndsWithNewline() {
        let value: JSONValue = ["b": [1, 2.5, "x"], "a": ["z": nil, "y": true], "c": [:], "d": []]
        #expect(
            value.canonicalString == """
                {
                  "a": {
                    "y": true,
                    "z": null
                  },
                  "b": [
                    1,
                    2.5,
                    "x"
                  ],
                  "c": {},
                  "d": []
                }

                """)
    }

    @Test func compactFormHasNoWhitespace() {
        let value: JSONValue = ["b": [1, false], "a": "x y"]
        #expect(value.compactString == #"{"a":"x y","b":[1,false]}"#)
        #expect(value.description == value.compactString)
        #expect(Array(value.compactData) == value.compactBytes)
    }

    @Test func numbersHaveStableSpelling() {
        let value: JSONValue = [0.1, 2.0, 1e20, -0.5, 1e-7, 3, -12, .double(.infinity), .double(.nan)]
        #expect(value.compactString == "[0.1,2.0,1e+20,-0.5,1e-07,3,-12,null,null]")
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() {
        let value: JSONValue = .string("q\"b\\n\nt\tc\u{01}é/😀")
        #expect(value.compactString == #""q\"b\\n\nt\tc\u0001é/😀""#)
    }

    @Test func keysSortByUTF8Bytes() {
        let value: JSONValue = ["b": 1, "B": 2, "é": 3, "a": 4, "_id": 5]
        #expect(value.compactString == #"{"B":2,"_id":5,"a":4,"b":1,"é":3}"#)
    }

    @Test func writtenTextParsesBackToTheSameValue() throws {
        let value: JSONValue = [
            "uuid": "a-1", "titles": ["en": "Heat", "fr": "Heat \"le film\""], "year": 1995, "score": 7.25,
            "windows": [["countries": ["KE", "ZA"], "downloadable": false]], "empty": nil,
        ]
        #expect(try JSONValue(parsing: value.canonicalString) == value)
        #expect(try JSONValue(parsing: value.compactData) == value)
    }

    @Test func equalValuesGiveIdenticalBytes() throws {
        let first = try JSONValue(parsing: #"{"z": 1, "a": {"y": [1, 2], "b": null}}"#)
        let second = try JSONValue(parsing: #"{"a": {"b": null, "y": [1, 2]}, "z": 1}"#)
        #expect(first.canonicalData == second.canonicalData)
    }
}
