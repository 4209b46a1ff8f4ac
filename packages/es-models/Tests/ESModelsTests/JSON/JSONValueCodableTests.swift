import Foundation
import Testing

@testable import ESModels

@Suite struct JSONValueCodableTests {
    private struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var tags: [String]
        var extra: JSONValue
    }

    @Test func roundTripsThroughFoundationCoders() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": ["c": [:]]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func convertsEncodableValuesAndBack() throws {
        let sample = Sample(name: "n", count: 3, ratio: 0.5, tags: ["t"], extra: ["k": [1]])
        let json = try JSONValue(encoding: sample)
        #expect(json == ["name": "n", "count": 3, "ratio": 0.5, "tags": ["t"], "extra": ["k": [1]]])
        #expect(try json.decode(Sample.self) == sample)
    }

    @Test func decodingAWrongShapeThrowsDecodingError() {
        let json: JSONValue = ["name": 1]
        #expect(throws: DecodingError.self) { try json.decode(Sample.self) }
    }
}
