import Foundation
import Testing

@testable import ESModels

@Suite struct JSONValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1]]
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .int(1))
        #expect(value["d"] == .double(1.5))
        #expect(value["b"] == .bool(true))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.int(1)]))
    }

    @Test func typedAccessorsConvertOnlyWhatFits() {
        #expect(JSONValue.int(3).doubleValue == 3)
        #expect(JSONValue.double(3).intValue == 3)
        #expect(JSONValue.double(3.5).intValue == nil)
        #expect(JSONValue.string("3").intValue == nil)
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.null.isNull)
        #expect(JSONValue.double(1).isNumber)
        #expect(JSONValue.array([1]).arrayValue == [1])
        #expect(JSONValue.object(["a": 1]).objectValue == ["a": 1])
    }

    @Test func subscriptsReadAndWrite() {
        var value: JSONValue = ["a": ["b": [10, 20]]]
        #expect(value["a"]?["b"]?[1] == 20)
        #expect(value["a"]?["b"]?[2] == nil)
        #expect(value["missing"] == nil)
        value["a"]?["c"] = "new"
        value["x"] = 1
        #expect(value == ["a": ["b": [10, 20], "c": "new"], "x": 1])
        value["x"] = nil
        #expect(value["x"] == nil)
    }

    @Test func pathLookupFollowsObjectsAndDottedKeys() {
        let value: JSONValue = ["titles": ["en": "Heat"], "a.b": ["c": 1], "x": ["y.z": 2]]
        #expect(value.value(atPath: "titles.en") == "Heat")
        #expect(value.value(atPath: "a.b.c") == 1)
        #expect(value.value(atPath: "x.y.z") == 2)
        #expect(value.value(atPath: "titles.fr") == nil)
        #expect(value.value(atPath: "") == value)
    }

    @Test func deepMergeMergesObjectsAndReplacesEverythingElse() {
        let base: JSONValue = ["a": ["b": 1, "c": 2], "list": [1, 2], "keep": true]
        let overrides: JSONValue = ["a": ["c": 3, "d": 4], "list": [9], "new": nil]
        #expect(
            base.merging(overrides) == [
                "a": ["b": 1, "c": 3, "d": 4], "list": [9], "keep": true, "new": nil,
            ])
        var value: JSONValue = 1
        value.merge(["x": 1])
        #expect(value == ["x": 1])
    }

    @Test func tokenNamesMatchElasticsearchParserTokens() {
        #expect(JSONValue.string("x").tokenName == "VALUE_STRING")
        #expect(JSONValue.int(1).tokenName == "VALUE_NUMBER")
        #expect(JSONValue.object([:]).tokenName == "START_OBJECT")
        #expect(JSONValue.array([]).tokenName == "START_ARRAY")
        #expect(JSONValue.null.kindName == "null")
    }
}
