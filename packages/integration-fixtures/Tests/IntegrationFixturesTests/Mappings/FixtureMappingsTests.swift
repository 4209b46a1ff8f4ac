import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct FixtureMappingsTests {
    @Test func findsTheCopyInThisPackage() throws {
        let directory = FixtureMappings.packageDirectory
        #expect(directory.lastPathComponent == "Mappings")
        #expect(directory.deletingLastPathComponent().lastPathComponent == "integration-fixtures")
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("assetflat.json").path))
    }

    @Test func holdsEveryIndexOfOurs() throws {
        let names = try FixtureMappings.shared.indexNames()
        #expect(Set(names) == Set(IndexName.allCases.map(\.rawValue)))
    }

    @Test func readsTheCreateIndexBody() throws {
        let definition = try FixtureMappings.shared.definition(for: .assetflat)
        #expect(definition.mappings.dynamic == .strict)
        #expect(definition.mappings.field(at: "license_windows")?.type == .nested)
        #expect(definition.mappings.field(at: "license_windows.start")?.type == .date)
        #expect(definition.settings.json["index"]?["number_of_shards"] != nil)
    }

    @Test func definitionsAreTheFilesParsed() throws {
        let mappings = FixtureMappings.shared
        for (name, definition) in try mappings.definitions() {
            let text = try String(contentsOf: mappings.fileURL(for: name), encoding: .utf8)
            #expect(definition == (try IndexDefinition(jsonText: text)), "\(name)")
        }
    }

    @Test func missingIndexSaysHowToSync() throws {
        let error = #expect(throws: FixtureError.self) {
            try FixtureMappings.shared.definition(for: "no_such_index")
        }
        #expect(error?.description.contains("cms-indexer mappings sync") == true)
        if case .mappingMissing(let index, _) = error {
            #expect(index == "no_such_index")
        } else {
            Issue.record("unexpected error \(String(describing: error))")
        }
    }

    @Test func invalidFileIsReportedWithItsPath() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fixture-mappings-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"mappings": {"properties": {"a": {"type": "geo_point"}}}}"#.utf8)
            .write(to: directory.appendingPathComponent("broken.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent("garbage.json"))
        let mappings = FixtureMappings(directory: directory)
        #expect(try mappings.indexNames() == ["broken", "garbage"])
        for name in ["broken", "garbage"] {
            let error = #expect(throws: FixtureError.self) { try mappings.definition(for: name) }
            guard case .mappingUnreadable(let file, _) = error else {
                Issue.record("unexpected error \(String(describing: error))")
                continue
            }
            #expect(file.hasSuffix("\(name).json"))
        }
    }

    @Test func unlistableDirectoryIsAnError() {
        let mappings = FixtureMappings(directory: URL(fileURLWithPath: "/nonexistent/mappings"))
        #expect(throws: FixtureError.self) { try mappings.indexNames() }
    }
}
