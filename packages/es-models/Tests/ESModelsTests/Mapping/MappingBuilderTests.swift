import Testing

@testable import ESModels

@Suite struct MappingBuilderTests {
    @Test func builderSupportsConditionalsAndLoops() {
        let languages = ["en", "fr"]
        let withRatings = true
        let mapping = Mapping {
            Property.keyword("uuid")
            if withRatings { Property.keyword("ratings") }
            if !withRatings { Property.keyword("never") }
            Property.object("titles", dynamic: .strict) {
                for code in languages { Property.text(code) }
            }
        }
        #expect(mapping.properties.keys.sorted() == ["ratings", "titles", "uuid"])
        #expect(mapping.properties["titles"]?.properties.keys.sorted() == ["en", "fr"])
        #expect(mapping.properties["titles"]?.dynamic == .strict)
    }

    @Test func everyTypeHelperProducesItsType() {
        let mapping = Mapping {
            Property.keyword("k")
            Property.text("t", analyzer: "english")
            Property.date("d")
            Property.boolean("b")
            Property.integer("i")
            Property.long("l")
            Property.float("f")
            Property.double("x")
            Property.object("o", enabled: false) {}
            Property.nested("n") {}
            Property("custom", FieldMapping(type: .keyword, parameters: ["doc_values": false]))
        }
        let types = mapping.properties.mapValues(\.type)
        #expect(
            types == [
                "k": .keyword, "t": .text, "d": .date, "b": .boolean, "i": .integer, "l": .long, "f": .float,
                "x": .double, "o": .object, "n": .nested, "custom": .keyword,
            ])
        #expect(mapping.properties["t"]?.analyzer == "english")
        #expect(mapping.properties["o"]?.isEnabled == false)
        #expect(mapping.properties["custom"]?.parameters["doc_values"] == false)
    }

    @Test func laterDeclarationOfTheSameNameWins() {
        let mapping = Mapping {
            Property.keyword("code")
            Property.integer("code")
        }
        #expect(mapping.properties["code"]?.type == .integer)
    }

    @Test func builtMappingSurvivesAJSONRoundTrip() throws {
        let mapping = Mapping(dynamic: .strict, meta: ["version": 3]) {
            Property.keyword("uuid")
            Property.text("title", analyzer: "standard") { Property.keyword("raw", ignoreAbove: 256) }
            Property.nested("license_windows", dynamic: .strict) {
                Property.date("start", format: "strict_date_optional_time||epoch_millis")
                Property.keyword("countries")
                Property.boolean("is_downloadable")
            }
            Property.object("titles", dynamic: .true) {}
        }
        #expect(try Mapping(json: mapping.json) == mapping)
        #expect(try Mapping(jsonText: mapping.canonicalJSON) == mapping)
    }
}
