import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct SourceReaderTests {
    @Test func readsEveryShape() throws {
        let reader = try SourceReader(
            [
                "s": "x", "list": ["a", "b"], "single": "c", "map": ["en": "Heat", "fr": nil], "n": 3,
                "yes": true,
                "iso": "2025-06-01T12:00:00Z", "millis": 1_748_779_200_000, "objects": [["a": 1]],
            ], model: "test")
        #expect(try reader.string("s") == "x")
        #expect(try reader.strings("list") == ["a", "b"])
        #expect(try reader.strings("single") == ["c"])
        #expect(try reader.stringMap("map") == ["en": "Heat"])
        #expect(try reader.int("n") == 3)
        #expect(try reader.bool("yes"))
        #expect(try reader.date("iso") == reader.date("millis"))
        #expect(try reader.objects("objects").count == 1)
        #expect(try reader.optionalString("absent") == nil)
    }

    @Test func namesTheFieldAtFault() {
        #expect(throws: StoredDocumentError(model: "test", field: "n", expected: "integer")) {
            try SourceReader(["n": "three"], model: "test").int("n")
        }
        #expect(throws: StoredDocumentError(model: "test", field: "map.en", expected: "string")) {
            try SourceReader(["map": ["en": 1]], model: "test").stringMap("map")
        }
        #expect(throws: StoredDocumentError(model: "test", field: "_source", expected: "object")) {
            try SourceReader("text", model: "test")
        }
        #expect(throws: StoredDocumentError.self) { try SourceReader(["d": "soon"], model: "test").date("d") }
        #expect(throws: StoredDocumentError.self) {
            try MarketingPromo(source: ["uuid": "p", "title": "t", "promo_type": "banner"])
        }
    }
}
