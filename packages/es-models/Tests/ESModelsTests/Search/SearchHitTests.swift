import Testing

@testable import ESModels

/// A hit made from a stored `_source` text reads as the hit made from its tree.
@Suite struct SearchHitTests {
    private static let text = Array(#"{"uuid":"a-1","titles":{"en":"Heat"},"year":1995,"rating":7.5}"#.utf8)
    private static let value: JSONValue = [
        "uuid": "a-1", "titles": ["en": "Heat"], "year": 1995, "rating": 7.5,
    ]

    @Test func aTextSourceReadsAsItsValue() {
        let hit = SearchHit(index: "assets", id: "a-1", score: 1.5, sourceText: Self.text)
        #expect(hit.hasSource)
        #expect(hit.source == Self.value)
        #expect(hit == SearchHit(index: "assets", id: "a-1", score: 1.5, source: Self.value))
        #expect(hit.json["_source"] == Self.value)
    }

    @Test func copiesShareTheParsedValueAndSettingReplacesIt() {
        var hit = SearchHit(index: "assets", id: "a-1", sourceText: Self.text)
        let copy = hit
        hit.source = ["uuid": "b-2"]
        #expect(hit.source == ["uuid": "b-2"])
        #expect(copy.source == Self.value)
        hit.source = nil
        #expect(!hit.hasSource)
        #expect(SearchHit(index: "assets", id: "a-1").hasSource == false)
    }

    @Test func textThatDoesNotParseReadsAsNull() {
        let hit = SearchHit(index: "assets", id: "a-1", sourceText: Array("{".utf8))
        #expect(hit.source == .null)
    }
}
