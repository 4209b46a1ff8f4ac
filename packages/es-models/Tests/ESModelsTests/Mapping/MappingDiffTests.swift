import Testing

@testable import ESModels

@Suite struct MappingDiffTests {
    private let base = Mapping(dynamic: .strict) {
        Property.keyword("uuid")
        Property.keyword("ratings")
        Property.text("legacy_title")
        Property.text("title") { Property.keyword("raw", ignoreAbove: 256) }
        Property.date("created_at", format: "date")
        Property.nested("license_windows") {
            Property.date("start")
            Property.keyword("countries")
        }
    }

    @Test func identicalMappingsHaveNoChanges() {
        let diff = MappingDiff(from: base, to: base)
        #expect(diff.isEmpty)
        #expect(!diff.hasBreakingChanges)
        #expect(diff.report == "mappings are identical")
    }

    @Test func reportsAddedRemovedRetypedAndChangedParameters() {
        let target = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.integer("ratings")
            Property.text("title") { Property.keyword("raw", ignoreAbove: 512) }
            Property.date("created_at", format: "strict_date_optional_time")
            Property.nested("license_windows") {
                Property.date("start")
                Property.keyword("countries")
                Property.keyword("uuid")
            }
        }
        let diff = MappingDiff(from: base, to: target)
        #expect(
            diff.changes == [
                MappingChange(
                    path: "created_at",
                    kind: .parameterChanged(name: "format", from: "date", to: "strict_date_optional_time"),
                    impact: .breaking),
                MappingChange(
                    path: "legacy_title", kind: .fieldRemoved(FieldMapping(type: .text)), impact: .breaking),
                MappingChange(
                    path: "license_windows.uuid", kind: .fieldAdded(FieldMapping(type: .keyword)),
                    impact: .additive),
                MappingChange(
                    path: "ratings", kind: .typeChanged(from: .keyword, to: .integer), impact: .breaking),
                MappingChange(
                    path: "title.raw", kind: .parameterChanged(name: "ignore_above", from: 256, to: 512),
                    impact: .additive),
            ])
        #expect(diff.hasBreakingChanges)
        #expect(diff.breakingChanges.count == 3)
        #expect(diff.additiveChanges.count == 2)
        #expect(
            diff.report == """
                mappings differ: 3 breaking changes, 2 additive changes
                  [breaking] created_at: [format] changed from "date" to "strict_date_optional_time"
                  [breaking] legacy_title: field removed (text)
                  [breaking] ratings: type changed from [keyword] to [integer]
                  [additive] license_windows.uuid: field added (keyword)
                  [additive] title.raw: [ignore_above] changed from 256 to 512
                """)
    }

    @Test func onlyAdditionsAndUpdatableChangesAreAdditive() {
        let target = Mapping(dynamic: .false) {
            for (name, field) in base.properties { Property(name, field) }
            Property.keyword("new_field")
        }
        let diff = MappingDiff(from: base, to: target)
        #expect(!diff.isEmpty)
        #expect(!diff.hasBreakingChanges)
        #expect(diff.changes.map(\.path) == ["_root", "new_field"])
        #expect(
            diff.changes.first?.description == #"[additive] _root: [dynamic] changed from "strict" to false"#)
    }

    @Test func addingAMultiFieldIsAdditiveAndRemovingOneIsBreaking() {
        let with = Mapping { Property.text("t") { Property.keyword("raw") } }
        let without = Mapping { Property.text("t") }
        #expect(
            MappingDiff(from: without, to: with).changes.map(\.description) == [
                "[additive] t.raw: field added (keyword)"
            ])
        #expect(
            MappingDiff(from: with, to: without).changes.map(\.description) == [
                "[breaking] t.raw: field removed (keyword)"
            ])
    }

    @Test func definitionDiffIncludesSettingsAndAliases() {
        let old = IndexDefinition(
            settings: IndexSettings(numberOfShards: 1, numberOfReplicas: 0), mappings: base)
        let new = IndexDefinition(
            settings: IndexSettings(numberOfShards: 2, numberOfReplicas: 1), mappings: base,
            aliases: ["assetflat": AliasDefinition()])
        let diff = MappingDiff(from: old, to: new)
        #expect(
            diff.changes.map(\.description) == [
                "[additive] _aliases: alias [assetflat] changed from (unset) to {}",
                "[additive] index.number_of_replicas: setting [index.number_of_replicas] changed from 0 to 1",
                "[breaking] index.number_of_shards: setting [index.number_of_shards] changed from 1 to 2",
            ])
    }
}
