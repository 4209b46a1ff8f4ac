import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import Testing

/// `cms-indexer mappings sync|check|export` end to end on a temporary repository.
@Suite struct MappingCheckCommandTests {
    private func run(_ arguments: [String], in directory: URL) async -> CommandRun {
        await CommandRun.run(
            arguments, in: directory, clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
    }

    private func makeRepository(in directory: URL) throws -> URL {
        let root = directory.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("packages/integration-fixtures"),
            withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("services/cms-indexer/Sources"), withIntermediateDirectories: true
        )
        return root
    }

    @Test func syncThenCheckFromASubdirectory() async throws {
        try await withTemporaryDirectory { directory in
            let root = try makeRepository(in: directory)
            let nested = root.appendingPathComponent("services/cms-indexer/Sources")
            let before = await run(["mappings", "check"], in: nested)
            #expect(before.code == 1)
            #expect(before.output.hasPrefix("mapping copy is out of date: 8 indices differ"))
            let sync = await run(["mappings", "sync"], in: nested)
            #expect(sync.code == 0)
            #expect(sync.output.contains("created packages/integration-fixtures/Mappings/assetflat.json"))
            #expect(sync.output.hasSuffix("mapping copy synced: 8 created\n"))
            let after = await run(["mappings", "check"], in: nested)
            #expect(after.code == 0, "\(after.output)")
            let again = await run(["mappings", "sync", "--repo", root.path], in: directory)
            #expect(again.output == "mapping copy already up to date (8 files)\n")
        }
    }

    @Test func githubFormatAnnotatesEachDifferingFile() async throws {
        try await withTemporaryDirectory { directory in
            let root = try makeRepository(in: directory)
            _ = await run(["mappings", "sync"], in: root)
            let url = root.appendingPathComponent("packages/integration-fixtures/Mappings/assetflat.json")
            var json = try JSONValue(parsing: Data(contentsOf: url))
            json["mappings"]?["properties"]?["uuid"] = ["type": "text"]
            try Data(json.canonicalString.utf8).write(to: url)
            let result = await run(["mappings", "check", "--format", "github"], in: root)
            #expect(result.code == 1)
            let first = try #require(result.output.split(separator: "\n").first)
            #expect(
                first.hasPrefix(
                    "::error file=packages/integration-fixtures/Mappings/assetflat.json,title=mapping copy out of date::assetflat: differs from the index definition (1 breaking change)%0A"
                ))
            #expect(first.contains("[breaking] uuid: type changed from [text] to [keyword]"))
            #expect(
                first.hasSuffix(
                    "fix%3A swift run --package-path services/cms-indexer cms-indexer mappings sync") == false
            )
            #expect(
                first.hasSuffix(
                    "fix: swift run --package-path services/cms-indexer cms-indexer mappings sync"))
            #expect(result.output.contains("\nmapping copy is out of date: 1 index differs\n"))
        }
    }

    @Test func checkOutsideARepositoryIsBadInput() async throws {
        try await withTemporaryDirectory { directory in
            let notRepo = directory.appendingPathComponent("plain")
            try FileManager.default.createDirectory(at: notRepo, withIntermediateDirectories: true)
            let result = await run(["mappings", "check", "--repo", notRepo.path], in: directory)
            #expect(result.code == 64)
            #expect(result.errors.contains("is not the repository root"))
            let badFormat = await run(["mappings", "check", "--format", "xml"], in: directory)
            #expect(badFormat.code == 64)
            #expect(
                badFormat.errors
                    == "cms-indexer: error: invalid value 'xml' for '--format'; expected 'text' or 'github'\n"
            )
        }
    }

    @Test func exportPrintsEveryDefinitionOrOne() async throws {
        try await withTemporaryDirectory { directory in
            let all = await run(["mappings", "export"], in: directory)
            #expect(all.code == 0)
            let json = try JSONValue(parsing: all.output)
            #expect(json.objectValue?.keys.sorted() == CMSIndices.names.map(\.rawValue).sorted())
            let one = await run(["mappings", "export", "--index", "ratings"], in: directory)
            #expect(one.output == CMSIndices.definition(for: .ratings).canonicalJSON)
            let unknown = await run(["mappings", "export", "--index", "rating"], in: directory)
            #expect(unknown.code == 64)
            #expect(unknown.errors.contains("invalid value 'rating' for '--index'"))
        }
    }

    @Test func everyMappingsCommandHasHelp() async throws {
        try await withTemporaryDirectory { directory in
            for words in [
                ["mappings", "--help"], ["mappings", "check", "--help"], ["mappings", "sync", "-h"],
                ["mappings", "export", "--help"],
            ] {
                let result = await run(words, in: directory)
                #expect(result.code == 0)
                #expect(result.output.hasPrefix("OVERVIEW: "))
            }
            let typo = await run(["mappings", "chek"], in: directory)
            #expect(typo.code == 64)
            #expect(typo.errors.contains("did you mean 'check'?"))
        }
    }
}
