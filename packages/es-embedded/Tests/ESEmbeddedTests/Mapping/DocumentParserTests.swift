import ESModels
import Testing

@testable import ESEmbedded

@Suite struct DocumentParserTests {
    private func parse(_ source: JSONValue, mapping: Mapping, settings: IndexSettings = IndexSettings())
        throws
        -> (document: ParsedDocument, updatedMapping: Mapping?)
    {
        try DocumentParser.parse(
            source, id: "1", mapping: mapping,
            settings: DynamicSettings(mapping: mapping, settings: settings))
    }

    @Test func dottedNamesAreObjectPaths() throws {
        let mapping = Mapping { Property.object("a") { Property.keyword("b") } }
        let parsed = try parse(["a.b": "x", "c.d": 1], mapping: mapping)
        #expect(parsed.document.levels[0].fields["a.b"]?.values == .keyword("x"))
        #expect(parsed.updatedMapping?.field(at: "c")?.type == .object)
        #expect(parsed.updatedMapping?.field(at: "c.d")?.type == .long)
        #expect(throws: ElasticsearchError.self) { try parse(["a.": 1], mapping: mapping) }
        #expect(throws: ElasticsearchError.self) { try parse(["": 1], mapping: mapping) }
    }

    @Test func nestedObjectsBecomeLevelsAndCanBeIncludedInTheParent() throws {
        let mapping = Mapping {
            Property.nested("n") {
                Property.keyword("k")
                Property.nested("inner") { Property.long("v") }
            }
            Property.nested("copied") { Property.keyword("k") }.parameter("include_in_parent", true)
        }
        let parsed = try parse(
            ["n": [["k": "a", "inner": [["v": 1], ["v": 2]]], ["k": "b"]], "copied": ["k": "c"]],
            mapping: mapping)
        let levels = parsed.document.levels
        #expect(levels.map(\.path).sorted() == ["", "copied", "n", "n", "n.inner", "n.inner"])
        for (position, level) in levels.enumerated().dropFirst() {
            #expect(level.parent < position, "a parent comes before its children")
            let parentPath = levels[level.parent].path
            #expect(level.path == "n.inner" ? parentPath == "n" : parentPath == "")
        }
        #expect(levels[0].fields["copied.k"]?.values == .keyword("c"))
        #expect(levels[0].fields["n.k"] == nil)
        let inner = levels.filter { $0.path == "n.inner" }.compactMap { $0.fields["n.inner.v"]?.values }
        #expect(Set(inner.flatMap(\.numbers)) == [1, 2])
    }

    @Test func nullValuesCoercionAndMalformedValues() throws {
        let mapping = Mapping {
            Property.keyword("status").parameter("null_value", "unknown")
            Property.integer("strict").parameter("coerce", false)
            Property.integer("lenient").parameter("ignore_malformed", true)
            Property.float("f")
        }
        let parsed = try parse(["status": nil, "lenient": "x", "f": "1.5"], mapping: mapping)
        #expect(parsed.document.levels[0].fields["status"]?.values == .keyword("unknown"))
        #expect(parsed.document.levels[0].fields["lenient"] == nil)
        #expect(parsed.document.levels[0].fields["f"]?.values == .point(SortableDouble.encode(1.5)))
        let coerce = #expect(throws: ElasticsearchError.self) { try parse(["strict": "5"], mapping: mapping) }
        #expect(coerce?.type == "document_parsing_exception")
        let fraction = #expect(throws: ElasticsearchError.self) {
            try parse(["strict": 5.5], mapping: mapping)
        }
        #expect(fraction?.cause.causedBy?.reason == "Value [5.5] has a decimal part")
    }

    @Test func dynamicStrictnessIsInheritedAndOverridden() throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.object("open", dynamic: .true) {}
            Property.object("closed") {}
        }
        let opened = try parse(["open": ["new": true]], mapping: mapping)
        #expect(opened.updatedMapping?.field(at: "open.new")?.type == .boolean)
        let error = #expect(throws: ElasticsearchError.self) {
            try parse(["closed": ["new": true]], mapping: mapping)
        }
        #expect(
            error?.reason
                == "mapping set to strict, dynamic introduction of [new] within [closed] is not allowed")
        let nullToo = #expect(throws: ElasticsearchError.self) { try parse(["other": nil], mapping: mapping) }
        #expect(nullToo?.type == "strict_dynamic_mapping_exception")
    }

    @Test func dynamicDetectionFollowsTheMappingParameters() throws {
        let noDates = Mapping(parameters: ["date_detection": false, "numeric_detection": true])
        let parsed = try parse(["d": "2024-01-01", "n": "42", "x": "4.5"], mapping: noDates)
        #expect(parsed.updatedMapping?.field(at: "d")?.type == .text)
        #expect(parsed.updatedMapping?.field(at: "n")?.type == .long)
        #expect(parsed.updatedMapping?.field(at: "x")?.type == .float)
        let custom = Mapping(parameters: ["dynamic_date_formats": ["dd.MM.yyyy"]])
        let european = try parse(["d": "31.12.2024", "iso": "2024-12-31"], mapping: custom)
        #expect(european.updatedMapping?.field(at: "d")?.format == "dd.MM.yyyy")
        #expect(european.updatedMapping?.field(at: "iso")?.type == .text)
    }

    @Test func totalFieldsLimitIsEnforced() throws {
        let settings = IndexSettings(["index.mapping.total_fields.limit": 2])
        let error = #expect(throws: ElasticsearchError.self) {
            try parse(["a": 1, "b": "two"], mapping: Mapping(), settings: settings)
        }
        #expect(
            error?.cause.causedBy?.reason
                == "Limit of total fields [2] has been exceeded while adding new fields [3]")
    }

    @Test func documentsMustBeObjects() {
        #expect(throws: ElasticsearchError.documentParsing("Malformed content, must start with an object")) {
            try parse([1, 2], mapping: Mapping())
        }
        #expect(throws: ElasticsearchError.validation(["source is missing"])) {
            try parse(nil, mapping: Mapping())
        }
    }
}
