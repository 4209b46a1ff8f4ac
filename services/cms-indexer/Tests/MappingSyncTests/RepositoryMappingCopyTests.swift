import CLIKit
import CMSIndexer
import CMSIndexerCommand
import Foundation
import Testing
import TimeKitTesting

/// The CI gate: the repository's copy in packages/integration-fixtures/Mappings must equal the
/// indexer's definitions. This runs exactly what `cms-indexer mappings check` runs.
@Suite struct RepositoryMappingCopyTests {
    /// The repository root, found from this file the way the command finds it from the
    /// working directory.
    static func repositoryRoot() throws -> URL {
        try RepositoryRoot.locate(startingAt: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    }

    @Test func theRepositoryCopyMatchesTheIndexDefinitions() throws {
        let root = try Self.repositoryRoot()
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("services/cms-indexer").path))
        let result = MappingCopy(repositoryRoot: root).check()
        #expect(result.exitCode == 0, "\(result.text)")
        #expect(result.entries.map(\.index).sorted() == CMSIndices.names.map(\.rawValue).sorted())
    }

    @Test func theCommandAgreesWithTheLibraryOnTheRepository() async throws {
        let root = try Self.repositoryRoot()
        let output = TextOutput()
        let context = CommandContext(
            output: output, errors: TextOutput(), currentDirectory: root.path,
            clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)), time: ManualClock().clock)
        let code = await CMSIndexerCLI.run(["mappings", "check"], context: context)
        #expect(code == 0, "\(output.text)")
        #expect(output.text.hasPrefix("mapping copy is up to date: 8 indices match"))
    }
}
