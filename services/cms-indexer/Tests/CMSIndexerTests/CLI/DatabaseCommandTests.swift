import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import SQLiteKit
import Testing

/// `cms-indexer demo-db` and `cms-indexer migrate` through the command-line entry point.
@Suite struct DatabaseCommandTests {
    private func run(_ arguments: [String], in directory: URL) async -> CommandRun {
        await CommandRun.run(
            arguments, in: directory, clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
    }

    @Test func demoDatabaseIsWrittenRelativeToTheWorkingDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let result = await run(
                ["demo-db", "--out", "cms.sqlite", "--assets", "50", "--seed", "9"], in: directory)
            #expect(result.code == 0, "\(result.errors)")
            #expect(
                result.output.hasPrefix(
                    "wrote \(directory.path)/cms.sqlite (seed 9, anchor 2026-05-28T00:00:00Z)\nassets: 50 ("))
            _ = try CMSDatabase.openForReading(path: directory.appendingPathComponent("cms.sqlite").path)
            let again = await run(["demo-db", "--out", "cms.sqlite", "--assets", "50"], in: directory)
            #expect(again.code == 1)
            #expect(again.errors.contains("already exists; pass --force to replace it"))
            let forced = await run(
                ["demo-db", "--out", "cms.sqlite", "--assets", "50", "--force", "--anchor", "2025-01-01"],
                in: directory)
            #expect(forced.code == 0)
            #expect(forced.output.contains("anchor 2025-01-01T00:00:00Z"))
        }
    }

    @Test func demoDatabaseRejectsBadOptions() async throws {
        try await withTemporaryDirectory { directory in
            let cases: [([String], String)] = [
                (["demo-db"], "'cms-indexer demo-db' needs '--out'"),
                (["demo-db", "--out", "x.sqlite", "--assets", "0"], "invalid value '0' for '--assets'"),
                (["demo-db", "--out", "x.sqlite", "--seed", "-1"], "invalid value '-1' for '--seed'"),
                (
                    ["demo-db", "--out", "x.sqlite", "--anchor", "soon"],
                    "invalid value 'soon' for '--anchor'"
                ),
                (["demo-db", "--out", "x.sqlite", "--asets", "3"], "did you mean '--assets'?"),
                (["demo-db", "--out"], "option '--out' needs a value"),
                (["demo"], "unknown subcommand 'demo' for 'cms-indexer'"),
            ]
            for (arguments, message) in cases {
                let result = await run(arguments, in: directory)
                #expect(result.code == 64, "\(arguments)")
                #expect(result.errors.contains(message), "\(result.errors)")
            }
        }
    }

    @Test func migrateCreatesThenReportsNothingToDo() async throws {
        try await withTemporaryDirectory { directory in
            let first = await run(["migrate", "--db", "new.sqlite"], in: directory)
            #expect(first.code == 0)
            #expect(first.output.hasPrefix("applied migration 1: create reference data\n"))
            #expect(first.output.hasSuffix("new.sqlite: schema at version \(CMSSchema.latestVersion)\n"))
            let second = await run(["migrate", "--db", "new.sqlite"], in: directory)
            #expect(
                second.output.hasSuffix("new.sqlite: schema already at version \(CMSSchema.latestVersion)\n"))
        }
    }

    @Test func everyCommandHasHelpAndTheRootListsThem() async throws {
        try await withTemporaryDirectory { directory in
            let root = await run(["--help"], in: directory)
            #expect(root.code == 0)
            for name in ["demo-db", "migrate", "index", "watch", "mappings"] {
                #expect(root.output.contains("  \(name) "))
            }
            for command in ["demo-db", "migrate", "index", "watch"] {
                let help = await run([command, "--help"], in: directory)
                #expect(help.code == 0)
                #expect(help.output.hasPrefix("OVERVIEW: "))
            }
            let bare = await run([], in: directory)
            #expect(bare.code == 64)
        }
    }
}
