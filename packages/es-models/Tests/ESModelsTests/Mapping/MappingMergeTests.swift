import Testing

@testable import ESModels

@Suite struct MappingMergeTests {
    private let existing = Mapping(dynamic: .strict) {
        Property.keyword("uuid", ignoreAbove: 256)
        Property.date("created_at", format: "date")
        Property.text("title") { Property.keyword("raw") }
        Property.nested("license_windows") { Property.keyword("countries") }
    }

    @Test func addsNewFieldsAndKeepsFieldsTheUpdateLeavesOut() throws {
        let update = Mapping {
            Property.keyword("new_field")
            Property.nested("license_windows") { Property.boolean("is_downloadable") }
            Property.text("title") { Property.keyword("sort") }
        }
        let merged = try existing.merged(with: update)
        #expect(merged.dynamic == .strict)
        #expect(merged.field(at: "new_field")?.type == .keyword)
        #expect(merged.field(at: "license_windows.countries")?.type == .keyword)
        #expect(merged.field(at: "license_windows.is_downloadable")?.type == .boolean)
        #expect(merged.field(at: "title.raw") != nil)
        #expect(merged.field(at: "title.sort") != nil)
        #expect(merged.field(at: "created_at")?.format == "date")
    }

    @Test func updatableParametersAndDynamicChange() throws {
        let update = Mapping(dynamic: .false) { Property.keyword("uuid", ignoreAbove: 512) }
        let merged = try existing.merged(with: update)
        #expect(merged.dynamic == .false)
        #expect(merged.field(at: "uuid")?.ignoreAbove == 512)
    }

    @Test func refusesTypeChangesAndOtherParameterChanges() {
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason: "mapper [uuid] cannot be changed from type [keyword] to [long]"
        ) { _ = try existing.merged(with: Mapping { Property.long("uuid") }) }
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason:
                "Mapper for [created_at] conflicts with existing mapper:\n\tCannot update parameter [format] from [date] to [strict_date]"
        ) { _ = try existing.merged(with: Mapping { Property.date("created_at", format: "strict_date") }) }
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason:
                "Mapper for [created_at] conflicts with existing mapper:\n\tCannot update parameter [format] from [date] to [default]"
        ) { _ = try existing.merged(with: Mapping { Property.date("created_at") }) }
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason: "can't merge a non object mapping [title] with an object mapping"
        ) { _ = try existing.merged(with: Mapping { Property.object("title") { Property.keyword("x") } }) }
        expectElasticsearchError(
            type: "illegal_argument_exception",
            reason:
                "Mapper for [_source] conflicts with existing mapper:\n\tCannot update parameter [_source] from [{\"enabled\":true}] to [{\"enabled\":false}]"
        ) {
            let withSource = Mapping(parameters: ["_source": ["enabled": true]]) {}
            _ = try withSource.merged(with: Mapping(parameters: ["_source": ["enabled": false]]) {})
        }
    }

    @Test func mergeAgreesWithTheDiffOnWhatIsAdditive() throws {
        let update = Mapping(dynamic: .strict) {
            Property.keyword("uuid", ignoreAbove: 512)
            Property.date("created_at", format: "date")
            Property.text("title") { Property.keyword("raw") }
            Property.nested("license_windows") {
                Property.keyword("countries")
                Property.keyword("uuid")
            }
        }
        let diff = MappingDiff(from: existing, to: update)
        #expect(!diff.hasBreakingChanges)
        #expect(try existing.merged(with: update) == update)
    }
}
