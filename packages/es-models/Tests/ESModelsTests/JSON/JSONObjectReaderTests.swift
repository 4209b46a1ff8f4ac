import Testing

@testable import ESModels

/// The one object reader of every typed decoder, in the wording of each Elasticsearch parser
/// it stands in for.
@Suite struct JSONObjectReaderTests {
    @Test func readsMembersAsLenientlyAsElasticsearch() throws {
        for style in [JSONObjectReader.Style.objectParser, .queryParser] {
            var reader = try JSONObjectReader(
                ["a": "2", "b": 3, "c": "true", "d": true, "e": ["x", "y"], "f": 7], name: "q", style: style)
            #expect(try reader.int("a") == 2)
            #expect(try reader.double("b") == 3)
            #expect(try reader.bool("c") == true)
            #expect(try reader.string("d") == "true")
            #expect(try reader.strings("e") == ["x", "y"])
            #expect(reader.unreadKeys == ["f"])
            #expect(reader.contains("f"))
        }
    }

    @Test func objectParserWording() throws {
        expectElasticsearchError(
            type: "x_content_parse_exception", reason: "[q] expected an object, found [VALUE_STRING]"
        ) {
            _ = try JSONObjectReader("x", name: "q")
        }
        var reader = try JSONObjectReader(["n": [1], "z": .null, "i": 1.5, "u": 1], name: "q")
        #expect(try reader.string("z") == nil)
        expectElasticsearchError(
            type: "x_content_parse_exception",
            reason: "[q] failed to parse field [n]: expected a number, found [START_ARRAY]"
        ) { _ = try reader.double("n") }
        expectElasticsearchError(
            type: "x_content_parse_exception",
            reason: "[q] failed to parse field [i]: expected an integer, found [VALUE_NUMBER]"
        ) { _ = try reader.int("i") }
        expectElasticsearchError(type: "x_content_parse_exception", reason: "[q] unknown field [u]") {
            try reader.rejectUnknownFields()
        }
    }

    @Test func queryParserWording() throws {
        expectElasticsearchError(
            type: "parsing_exception", reason: "[prefix] query malformed, no start_object after query name"
        ) {
            _ = try JSONObjectReader("x", name: "prefix", style: .queryParser)
        }
        var reader = try JSONObjectReader(
            ["n": [1], "z": .null, "i": 1.5, "t": 2.5, "huge": 1e300, "u": 1], name: "prefix",
            style: .queryParser)
        // A null is mistyped, and an integer member takes a number's whole part.
        expectElasticsearchError(
            type: "parsing_exception", reason: "[prefix] query does not support [z] of type [VALUE_NULL]"
        ) {
            _ = try reader.string("z")
        }
        #expect(try reader.int("i") == 1)
        #expect(try reader.string("t") == "2.5")
        expectElasticsearchError(
            type: "parsing_exception", reason: "[prefix] query does not support [n] of type [START_ARRAY]"
        ) {
            _ = try reader.double("n")
        }
        expectElasticsearchError(
            type: "parsing_exception", reason: "[prefix] query does not support [huge] of type [VALUE_NUMBER]"
        ) {
            _ = try reader.int("huge")
        }
        expectElasticsearchError(type: "parsing_exception", reason: "[prefix] query does not support [u]") {
            try reader.rejectUnknownQueryFields()
        }
    }
}
