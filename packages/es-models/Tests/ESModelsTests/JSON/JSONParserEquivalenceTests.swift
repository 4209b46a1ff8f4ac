import Foundation
import Testing

@testable import ESModels

/// The parser against the reference (the parser as it was before it was made faster): the same
/// value or the same error, message and position included, on valid documents and on hostile
/// variations of them.
@Suite struct JSONParserEquivalenceTests {
    private func parseBoth(_ bytes: [UInt8]) -> (
        Result<JSONValue, JSONParseError>, Result<JSONValue, JSONParseError>
    ) {
        bytes.withUnsafeBufferPointer { pointer in
            let current = Result { () throws(JSONParseError) in try JSONParser.parse(pointer) }
            let reference = Result { () throws(JSONParseError) in try ReferenceJSONParser.parse(pointer) }
            return (current, reference)
        }
    }

    private func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let (current, reference) = parseBoth(bytes)
        #expect(
            current == reference, "input: \(String(decoding: bytes, as: UTF8.self).debugDescription)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<4) func agreesOnRandomDocumentsAndTheirMutations(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let document = JSONFuzzing.value(depth: 4, using: &random)
            for style in [JSONWriter.Style.compact, .canonical] {
                let text = JSONWriter.write(document, style: style)
                let (current, _) = parseBoth(text)
                #expect(current == .success(document))
                expectAgreement(text)
                var mutated = text
                for _ in 0..<4 {
                    mutated = JSONFuzzing.mutate(mutated, using: &random)
                    expectAgreement(mutated)
                }
            }
        }
    }

    @Test func agreesOnTheCatalogueSearchAnswer() throws {
        let hit: JSONValue = [
            "_index": "assetflat-20261201153822013", "_id": "3f1c", "_score": 0.0,
            "_source": [
                "uuid": "3f1c", "titles": ["en": "Heat", "fr": "Chaleur \u{E9}t\u{E9}"],
                "license_windows": [["start": "2026-01-01T00:00:00Z", "countries": ["KE", "NG"]]],
                "season_number": nil, "episode_number": 3,
            ],
        ]
        let answer: JSONValue = [
            "took": 1, "timed_out": false,
            "hits": ["total": ["value": 2, "relation": "eq"], "hits": [hit, hit]],
        ]
        let text = JSONWriter.write(answer, style: .compact)
        expectAgreement(text)
        let (current, _) = parseBoth(text)
        #expect(try current.get() == answer)
    }

    @Test(arguments: [
        #"{"a":1,"a":2}"#, #"{"a":1,"a":2,"b":{"c":1,"c":2}}"#, #"{"a":{"c":1,"c":2},"a":2}"#,
        #"{"a":1,"b":{"c":1,"c":2},"a":2}"#, #"{"a":1,"a":2,"#, #"{"a":1,"a":[1,"#, #"[{"a":1,"a":2}"#,
        #"{"a":{"b":1,"b":2"#, #"{"b":{"x":1,"x":2,}}"#, "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}",
        #"{"a":1,"b":2,"a":3,"b":4}"#, #"{"x":{"a":1},"y":{"a":1},"x":0}"#, #"{"":1,"":2}"#,
    ])
    func agreesOnRepeatedKeysWhereverTheyAre(text: String) {
        expectAgreement(Array(text.utf8))
    }

    @Test func agreesOnDeepNestingAtAndBeyondTheLimit() {
        for depth in [JSONParser.maximumDepth, JSONParser.maximumDepth + 1] {
            expectAgreement(
                Array(repeating: UInt8(ascii: "["), count: depth)
                    + Array(repeating: UInt8(ascii: "]"), count: depth))
            expectAgreement(
                Array(String(repeating: #"{"a":"#, count: depth).utf8) + [UInt8(ascii: "1")]
                    + Array(repeating: UInt8(ascii: "}"), count: depth))
        }
    }

    @Test(arguments: 0..<2) func agreesOnRandomBytes(seed: UInt64) {
        var random = SplitMix64(seed: 1000 + seed)
        let alphabet =
            Array(#"{}[]":,\ 0123456789-+.eEtrufalsn"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xFF]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? 0
            }
            expectAgreement(bytes)
        }
    }
}

/// The UTF-8 check against the standard library's.
@Suite struct UTF8ValidationTests {
    private func agree(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { pointer in
            UTF8Validation.isValid(pointer) == (String(validating: pointer, as: UTF8.self) != nil)
        }
    }

    @Test func agreesOnEverySequenceOfOneOrTwoBytes() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            if !agree([UInt8(first)]) { disagreements.append([UInt8(first)]) }
            for second in 0...255 where !agree([UInt8(first), UInt8(second)]) {
                disagreements.append([UInt8(first), UInt8(second)])
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func agreesOnThreeByteSequencesAfterEveryMultiByteLead() {
        // Every second byte after each three- and four-byte lead, with third bytes at and
        // around the continuation range's edges.
        let thirds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5, 0xFF]
        var disagreements: [[UInt8]] = []
        for first in 0xE0...0xFF {
            for second in 0...255 {
                for third in thirds {
                    let bytes = [UInt8(first), UInt8(second), third]
                    if !agree(bytes) { disagreements.append(bytes) }
                }
            }
        }
        #expect(disagreements.isEmpty)
    }

    // Hands the cooperative threads over now and then: a test looping for seconds on one of the
    // two a 2-core machine has would otherwise starve the wire tests' servers beside it.
    @Test func agreesOnRandomLongerSequences() async {
        var random = SplitMix64(seed: 7)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var disagreements: [[UInt8]] = []
        for round in 0..<200_000 {
            if round % 1_000 == 0 { await Task.yield() }
            let bytes = (0..<Int.random(in: 4...9, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? interesting.randomElement(using: &random) ?? 0
                    : UInt8.random(in: 0...255, using: &random)
            }
            if !agree(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty)
    }
}

/// The word-at-a-time scan against a byte-by-byte one.
@Suite struct JSONByteScanTests {
    @Test func findsTheSameFirstSpecialByteAsAByteByByteScan() {
        var random = SplitMix64(seed: 11)
        let alphabet: [UInt8] = [
            0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7F, 0x80, 0xA0, 0xE2, 0xFF,
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? alphabet.randomElement(using: &random) ?? 0 : UInt8(ascii: "a")
            }
            let start = Int.random(in: 0...bytes.count, using: &random)
            for stopAtNonASCII in [false, true] {
                let expected =
                    bytes[start...].firstIndex { byte in
                        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                            || (stopAtNonASCII && byte >= 0x80)
                    } ?? bytes.count
                let found = bytes.withUnsafeBufferPointer {
                    JSONByteScan.plainEnd($0, from: start, stopAtNonASCII: stopAtNonASCII)
                }
                #expect(found == expected, "\(bytes) from \(start)")
            }
        }
    }
}
