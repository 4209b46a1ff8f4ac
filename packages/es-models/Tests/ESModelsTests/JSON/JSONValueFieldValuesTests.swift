import Testing

@testable import ESModels

@Suite struct JSONValueFieldValuesTests {
    @Test func flattensArraysAtEveryLevel() {
        let document: JSONValue = [
            "license_windows": [["countries": ["KE"]], ["countries": ["ZA", "NG"]], ["countries": nil]],
            "tags": ["a", nil, "b"],
            "titles": ["en": "Heat"],
            "a.b": 1,
            "x": ["y.z": 2],
        ]
        #expect(document.fieldValues(atPath: "license_windows.countries") == ["KE", "ZA", "NG"])
        #expect(document.fieldValues(atPath: "tags") == ["a", "b"])
        #expect(document.fieldValues(atPath: "titles.en") == ["Heat"])
        #expect(document.fieldValues(atPath: "titles") == [["en": "Heat"]])
        #expect(document.fieldValues(atPath: "a.b") == [1])
        #expect(document.fieldValues(atPath: "x.y.z") == [2])
        #expect(document.fieldValues(atPath: "missing").isEmpty)
        #expect(document.fieldValues(atPath: "titles.en.more").isEmpty)
    }
}
