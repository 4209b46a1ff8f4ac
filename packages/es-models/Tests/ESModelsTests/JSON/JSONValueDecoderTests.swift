import Foundation
import Testing

@testable import ESModels

/// `JSONValue.decode(_:)` decodes straight from the tree and must agree with `JSONDecoder`.
@Suite struct JSONValueDecoderTests {
    private struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case a, b }
        struct Inner: Codable, Equatable {
            var x: Int8
            var y: [UInt16]
        }
        var bool: Bool
        var string: String
        var double: Double
        var float: Float
        var int: Int
        var int64: Int64
        var uint32: UInt32
        var optional: String?
        var missing: Int?
        var kind: Kind
        var list: [Inner]
        var map: [String: [Double]]
        var nested: [[String]]
        var json: JSONValue
        var date: Date
        var data: Data
        var url: URL
    }

    private let sample = Everything(
        bool: true, string: "s", double: 1.5, float: 2, int: -3, int64: 1 << 40, uint32: 7, optional: nil,
        missing: nil,
        kind: .b, list: [.init(x: -8, y: [1, 2])], map: ["k": [1, 2.5]], nested: [["a"], []],
        json: ["free": [1, "x", nil]], date: Date(timeIntervalSinceReferenceDate: 1234.5),
        data: Data([1, 2, 3]),
        url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"))

    @Test func agreesWithJSONDecoderOnEveryKindOfValue() throws {
        let data = try JSONEncoder().encode(sample)
        let tree = try JSONValue(parsing: data)
        #expect(try tree.decode(Everything.self) == sample)
        #expect(try tree.decode(Everything.self) == JSONDecoder().decode(Everything.self, from: data))
    }

    @Test func decodesTopLevelScalarsArraysAndJSONValues() throws {
        #expect(try JSONValue.int(3).decode(Int.self) == 3)
        #expect(try JSONValue.int(3).decode(Double.self) == 3)
        #expect(try JSONValue.array(["a", "b"]).decode([String].self) == ["a", "b"])
        #expect(try JSONValue.array([1, nil]).decode([Int?].self) == [1, nil])
        let free: JSONValue = ["a": [1.0, 2]]
        #expect(try free.decode(JSONValue.self) == free)
        #expect(try free.decode([String: JSONValue].self) == ["a": [1.0, 2]])
    }

    @Test func reportsMismatchesWithTheirPath() throws {
        struct Holder: Decodable { var items: [Item] }
        struct Item: Decodable { var count: UInt8 }
        let bad: JSONValue = ["items": [["count": 1], ["count": 300]]]
        do {
            _ = try bad.decode(Holder.self)
            Issue.record("expected a failure")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1", "count"])
        }
        #expect(throws: DecodingError.self) { try JSONValue.object([:]).decode(Holder.self) }
        #expect(throws: DecodingError.self) { try JSONValue.string("1").decode(Int.self) }
        #expect(throws: DecodingError.self) { try JSONValue.int(1).decode(Bool.self) }
        #expect(throws: DecodingError.self) { try JSONValue.array([1]).decode([String: Int].self) }
    }
}
