import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import Testing

/// The check on temporary copies: every way a copy can drift or break.
@Suite struct MappingCheckTests {
    private func syncedCopy(in directory: URL) throws -> MappingCopy {
        let copy = MappingCopy(
            directory: directory.appendingPathComponent("Mappings"),
            definitions: MappingCopy.indexerDefinitions)
        _ = try copy.sync()
        return copy
    }

    private func file(_ copy: MappingCopy, _ index: String) -> URL {
        copy.directory.appendingPathComponent("\(index).json")
    }

    private func edit(_ url: URL, _ change: (inout JSONValue) -> Void) throws {
        var json = try JSONValue(parsing: Data(contentsOf: url))
        change(&json)
        try Data(json.canonicalString.utf8).write(to: url)
    }

    @Test func aFreshSyncIsClean() throws {
        try withTemporaryDirectory { directory in
            let result = try syncedCopy(in: directory).check()
            #expect(result.isClean)
            #expect(result.exitCode == 0)
            #expect(result.entries.count == CMSIndices.names.count)
        }
    }

    @Test func aHandEditedCopyFailsWithTheStructuralDiffAndPassesAfterSync() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            try edit(file(copy, "assetflat")) { json in
                json["mappings"]?["properties"]?["ratings"] = ["type": "integer"]
                json["mappings"]?["properties"]?["license_windows"]?["properties"]?["uuid"] = nil
                json["mappings"]?["properties"]?["typo_field"] = ["type": "keyword"]
            }
            let result = copy.check()
            #expect(result.exitCode == 1)
            #expect(result.drifted.map(\.index) == ["assetflat"])
            let text = result.text
            #expect(text.hasPrefix("mapping copy is out of date: 1 index differs\n"))
            #expect(
                text.contains(
                    "assetflat (\(copy.directory.path)/assetflat.json): differs from the index definition (2 breaking changes, 1 additive change)"
                ))
            #expect(text.contains("[breaking] ratings: type changed from [integer] to [keyword]"))
            #expect(text.contains("[breaking] typo_field: field removed (keyword)"))
            #expect(text.contains("[additive] license_windows.uuid: field added (keyword)"))
            #expect(
                text.hasSuffix("  swift run --package-path services/cms-indexer cms-indexer mappings sync\n"))

            let report = try copy.sync()
            #expect(
                report.entries.filter { $0.action == .updated }.map(\.path) == [
                    "\(copy.directory.path)/assetflat.json"
                ])
            #expect(report.text.contains("[breaking] ratings: type changed from [integer] to [keyword]"))
            #expect(copy.check().exitCode == 0)
            #expect(try copy.sync().changedAnything == false)
        }
    }

    @Test func anUnreadableCopyIsAnErrorNeverClean() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            // A directory where the file should be: reading it fails, even as root.
            try FileManager.default.removeItem(at: file(copy, "ratings"))
            try FileManager.default.createDirectory(
                at: file(copy, "ratings"), withIntermediateDirectories: false)
            let result = copy.check()
            #expect(result.exitCode == 2)
            #expect(!result.isClean)
            #expect(result.failed.map(\.index) == ["ratings"])
            #expect(result.text.hasPrefix("cannot check the mapping copy: 1 file could not be compared\n"))
            #expect(
                result.text.contains(
                    "ratings (\(copy.directory.path)/ratings.json): error: cannot read the file"))
            _ = try copy.sync()
            #expect(copy.check().exitCode == 0)
        }
    }

    @Test func anInvalidCopyIsAnError() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            try Data("{\"mappings\": {\"properties\": ".utf8).write(to: file(copy, "territories"))
            try Data(#"{"mappings": {"properties": {"code": {"type": "geo_point"}}}}"#.utf8)
                .write(to: file(copy, "languages"))
            let result = copy.check()
            #expect(result.exitCode == 2)
            #expect(result.failed.map(\.index) == ["languages", "territories"])
            for entry in result.failed {
                guard case .invalid = entry.status else {
                    Issue.record("expected an invalid file, got \(entry.status)")
                    continue
                }
            }
            #expect(result.text.contains("error: not a valid index definition"))
        }
    }

    @Test func aStaleFileForARemovedIndexIsDriftAndSyncRemovesIt() throws {
        try withTemporaryDirectory { directory in
            var copy = try syncedCopy(in: directory)
            copy.definitions["sports_events"] = nil
            let result = copy.check()
            #expect(result.exitCode == 1)
            #expect(
                result.drifted == [
                    .init(
                        index: "sports_events", path: "\(copy.directory.path)/sports_events.json",
                        status: .stale)
                ])
            #expect(result.text.contains("sports_events (\(copy.directory.path)/sports_events.json): stale"))
            let report = try copy.sync()
            #expect(report.entries.filter { $0.action == .removed }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: file(copy, "sports_events").path))
            #expect(copy.check().exitCode == 0)
        }
    }

    @Test func aMissingFileIsDrift() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            try FileManager.default.removeItem(at: file(copy, "categories"))
            let result = copy.check()
            #expect(result.exitCode == 1)
            #expect(result.drifted.map(\.status) == [.missing])
            #expect(try copy.sync().entries.filter { $0.action == .created }.count == 1)
        }
    }

    @Test func aMissingDirectoryIsDriftAndAFileInItsPlaceIsAnError() throws {
        try withTemporaryDirectory { directory in
            let copy = MappingCopy(
                directory: directory.appendingPathComponent("Mappings"),
                definitions: MappingCopy.indexerDefinitions)
            let missing = copy.check()
            #expect(missing.exitCode == 1)
            #expect(missing.drifted.count == CMSIndices.names.count)
            try Data("x".utf8).write(to: copy.directory)
            let blocked = copy.check()
            #expect(blocked.exitCode == 2)
            #expect(blocked.text.hasPrefix("cannot check the mapping copy: cannot list"))
            #expect(throws: MappingCopyError.self) { try copy.sync() }
        }
    }

    @Test func sameStructureInAnotherFormatIsDrift() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            let url = file(copy, "ratings")
            let compact = try JSONValue(parsing: Data(contentsOf: url)).compactString
            try Data(compact.utf8).write(to: url)
            let result = copy.check()
            #expect(result.exitCode == 1)
            #expect(result.drifted.map(\.status) == [.formattingDiffers])
        }
    }

    @Test func aChangedSettingIsReportedToo() throws {
        try withTemporaryDirectory { directory in
            let copy = try syncedCopy(in: directory)
            try edit(file(copy, "languages")) { json in
                json["settings"]?["index"]?["number_of_shards"] = 3
            }
            let text = copy.check().text
            #expect(
                text.contains(
                    "[breaking] index.number_of_shards: setting [index.number_of_shards] changed from 3 to 1")
            )
        }
    }
}
