import Testing

@testable import ESModels

/// Mappings checked against JSON from Elasticsearch's mapping documentation.
@Suite struct MappingJSONTests {
    @Test func multiFieldsMatchTheDocumentationExample() throws {
        // "fields" reference page: a text field with a keyword multi-field.
        let documented = try JSONValue(
            parsing: """
                {
                  "mappings": {
                    "properties": {
                      "city": {
                        "type": "text",
                        "fields": {
                          "raw": {
                            "type":  "keyword"
                          }
                        }
                      }
                    }
                  }
                }
                """)
        let built = Mapping {
            Property.text("city") { Property.keyword("raw") }
        }
        #expect(try Mapping(json: documented) == built)
        #expect(["mappings": built.json] == documented)
    }

    @Test func dynamicAtEveryLevelMatchesTheDocumentationExample() throws {
        // "dynamic" reference page: disabled at the root, enabled on an inner object.
        let documented = try JSONValue(
            parsing: """
                {
                  "mappings": {
                    "dynamic": false,
                    "properties": {
                      "user": {
                        "properties": {
                          "name": {
                            "type": "text"
                          },
                          "social_networks": {
                            "dynamic": true,
                            "properties": {}
                          }
                        }
                      }
                    }
                  }
                }
                """)
        let built = Mapping(dynamic: .false) {
            Property.object("user") {
                Property.text("name")
                Property.object("social_networks", dynamic: .true) {}
            }
        }
        let decoded = try Mapping(json: documented)
        #expect(decoded == built)
        #expect(decoded.dynamic == .false)
        #expect(decoded.field(at: "user.social_networks")?.dynamic == .true)
        #expect(decoded.field(at: "user")?.dynamic == nil)
    }

    @Test func nestedAndDateFormatMatchTheDocumentationExamples() throws {
        let documented = try JSONValue(
            parsing: """
                {
                  "properties": {
                    "obj1": { "type": "nested" },
                    "date": {
                      "type":   "date",
                      "format": "yyyy-MM-dd HH:mm:ss||yyyy-MM-dd||epoch_millis"
                    },
                    "message": { "type": "keyword", "ignore_above": 20 }
                  }
                }
                """)
        let built = Mapping {
            Property.nested("obj1") {}
            Property.date("date", format: "yyyy-MM-dd HH:mm:ss||yyyy-MM-dd||epoch_millis")
            Property.keyword("message", ignoreAbove: 20)
        }
        #expect(try Mapping(json: documented) == built)
        #expect(built.json == documented)
    }

    @Test func acceptsEveryWrapperElasticsearchAccepts() throws {
        let root: JSONValue = ["dynamic": "strict", "properties": ["code": ["type": "keyword"]]]
        let expected = Mapping(dynamic: .strict) { Property.keyword("code") }
        #expect(try Mapping(json: root) == expected)
        #expect(try Mapping(json: ["mappings": root]) == expected)
        #expect(try Mapping(json: ["_doc": root]) == expected)
        #expect(try Mapping(jsonText: #"{"mappings":{"_doc":\#(root)}}"#) == expected)
    }

    @Test func normalizesLenientValuesSoEqualMeaningsCompareEqual() throws {
        let lenient = try Mapping(
            json: [
                "dynamic": "false",
                "properties": [
                    "code": ["type": "keyword", "ignore_above": "256", "index": "false", "boost": 2],
                    "flag": ["type": "boolean", "doc_values": "true"],
                ],
            ])
        let strict = Mapping(dynamic: .false) {
            Property.keyword("code", ignoreAbove: 256).parameter("index", false).parameter("boost", 2.0)
            Property.boolean("flag").parameter("doc_values", true)
        }
        #expect(lenient == strict)
        #expect(lenient.field(at: "code")?.isIndexed == false)
    }

    @Test func expandsDottedFieldNamesIntoObjects() throws {
        let mapping = try Mapping(
            json: ["properties": ["titles.en": ["type": "text"], "titles.fr": ["type": "text"]]])
        let built = Mapping {
            Property.text("titles.en")
            Property.text("titles.fr")
        }
        #expect(mapping == built)
        #expect(mapping.properties["titles"]?.type == .object)
        #expect(mapping.properties["titles"]?.properties.keys.sorted() == ["en", "fr"])
    }

    @Test func objectsWithPropertiesOmitTheTypeAndNestedKeepsIt() {
        let mapping = Mapping {
            Property.object("o") { Property.keyword("k") }
            Property.object("empty") {}
            Property.nested("n") { Property.keyword("k") }
        }
        #expect(
            mapping.json == [
                "properties": [
                    "o": ["properties": ["k": ["type": "keyword"]]],
                    "empty": ["type": "object"],
                    "n": ["type": "nested", "properties": ["k": ["type": "keyword"]]],
                ]
            ])
    }

    @Test func canonicalFileFormIsByteStable() throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.date("start", format: "strict_date_optional_time")
        }
        let expected = """
            {
              "mappings": {
                "dynamic": "strict",
                "properties": {
                  "start": {
                    "format": "strict_date_optional_time",
                    "type": "date"
                  },
                  "uuid": {
                    "type": "keyword"
                  }
                }
              }
            }

            """
        #expect(mapping.canonicalJSON == expected)
        #expect(try Mapping(jsonText: expected).canonicalJSON == expected)
    }

    @Test(arguments: [
        (
            #"{"properties": {"loc": {"type": "geo_point"}}}"#,
            "mapper_parsing_exception", "No handler for type [geo_point] declared on field [loc]"
        ),
        (
            #"{"properties": {"code": {"type": "keyword", "analyzer": "x"}}}"#,
            "mapper_parsing_exception", "unknown parameter [analyzer] on mapper [code] of type [keyword]"
        ),
        (
            #"{"properties": {"o": {"properties": {}, "format": "x"}}}"#,
            "mapper_parsing_exception",
            "Mapping definition for [o] has unsupported parameters:  [format : \"x\"]"
        ),
        (
            #"{"title": {"type": "text"}}"#,
            "mapper_parsing_exception",
            "Root mapping definition has unsupported parameters:  [title : {\"type\":\"text\"}]"
        ),
        (
            #"{"properties": {"t": {"type": "text", "fields": {"o": {"type": "object"}}}}}"#,
            "mapper_parsing_exception", "Type [object] cannot be used in multi field"
        ),
        (
            #"{"properties": {"k": {"type": "keyword", "ignore_above": "lots"}}}"#,
            "mapper_parsing_exception",
            "Failed to parse mapping: [ignore_above] on mapper [k] of type [keyword] must be an integer, found [VALUE_STRING]"
        ),
        (
            #"{"dynamic": "sometimes"}"#,
            "mapper_parsing_exception",
            "Could not convert [dynamic] to boolean or one of [strict, runtime] on field [_doc]"
        ),
        (
            #"{"properties": {"a": {"type": 1}}}"#, "mapper_parsing_exception",
            "No type specified for field [a]"
        ),
        (
            #"{"properties": "x"}"#, "mapper_parsing_exception",
            "Expected map for property [properties] on field [_doc] but got [VALUE_STRING]"
        ),
        (
            #"{"properties": {"a": {"type": "keyword"}"#, "x_content_parse_exception",
            "[1:41] unexpected end-of-input: expected ',' or '}' in an object"
        ),
    ])
    func rejectsWhatElasticsearchRejects(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try Mapping(jsonText: text) }
    }

    @Test func findsFieldsByPathIncludingMultiFields() {
        let mapping = Mapping {
            Property.text("title") { Property.keyword("raw") }
            Property.nested("windows") { Property.date("start") }
        }
        #expect(mapping.field(at: "title.raw")?.type == .keyword)
        #expect(mapping.field(at: "windows.start")?.type == .date)
        #expect(mapping.field(at: "windows.end") == nil)
        #expect(mapping.allFields.map(\.path) == ["title", "title.raw", "windows", "windows.start"])
    }
}
