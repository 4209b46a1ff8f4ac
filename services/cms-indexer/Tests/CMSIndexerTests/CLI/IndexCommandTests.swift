import CLIKitTesting
import CMSIndexer
import CMSIndexerCommand
import CMSIndexerDemo
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import SQLiteKit
import Testing

/// `cms-indexer index` through the command-line entry point.
@Suite struct IndexCommandTests {
    private func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async -> CommandRun {
        await CommandRun.run(
            arguments, in: directory, clock: IndexerFixture.clock(), environment: environment)
    }

    @Test func indexesADemoDatabaseIntoADataDirectory() async throws {
        try await withTemporaryDirectory { directory in
            _ = try DemoDatabase.write(
                to: directory.appendingPathComponent("cms.sqlite").path,
                options: DemoDatabaseOptions(assets: 120, seed: 2, anchor: IndexerFixture.start))
            let result = await run(
                ["index", "--db", "cms.sqlite", "--data", "data", "--stats", "--progress-every", "50"],
                in: directory)
            #expect(result.code == 0, "\(result.errors)")
            #expect(result.output.contains("assetflat: 120 documents in 'assetflat-20260101000000000' from "))
            #expect(
                result.output.contains("aliases moved to version 20260101000000000 (change position 0)\n"))
            #expect(result.output.contains(" rows/s, "))
            #expect(
                result.errors.contains(
                    "cms-indexer: assetflat: indexing into 'assetflat-20260101000000000'\n"))
            #expect(result.errors.contains("cms-indexer: assetflat: 120 documents indexed, 0 failed, "))
            let engine = try await IndexerFixture.reopen(directory.appendingPathComponent("data"))
            #expect(try await IndexerFixture.count(engine, "assetflat") == 120)
            #expect(
                try await engine.indices(forAlias: "marketing_promos") == [
                    "marketing_promos-20260101000000000"
                ])
            // Every demo row is a rows document the Catalogue can decode.
            #expect(result.output.contains("rows: 18 documents in 'rows-20260101000000000' from "))
            let rows = try await engine.search(.rows, request: SearchRequest(size: 100))
                .documents(as: PromotedRow.self)
            #expect(rows.count == 18)
            #expect(Set(rows.map(\.kind)) == Set(PromotedRow.Kind.allCases))
            try engine.close()
        }
    }

    @Test func theDefaultInMemoryEngineSaysNothingIsKept() async throws {
        try await withTemporaryDirectory { directory in
            _ = try IndexerFixture.database(in: directory, movies: 2)
            let result = await run(
                ["index", "--db", "cms.sqlite", "--only", "assetflat,territories"], in: directory)
            #expect(result.code == 0)
            #expect(
                result.errors.hasPrefix(
                    "cms-indexer: indexing into an in-memory embedded engine: nothing is kept"))
            #expect(result.output.hasPrefix("territories: 3 documents"))
            #expect(result.output.contains("\nassetflat: 2 documents"))
        }
    }

    @Test func badRowsFailTheRunWithTheirIds() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 3)
            try SQLiteDatabase(path: path).execute(
                "UPDATE assets SET created_at = '2024-13-45' WHERE uuid = 'movie-0002'")
            let result = await run(["index", "--db", "cms.sqlite", "--data", "data"], in: directory)
            #expect(result.code == 1)
            #expect(
                result.output.contains(
                    "assetflat document 'movie-0002': 'created_at' is not an ISO 8601 date: '2024-13-45'"))
            #expect(
                result.errors.hasSuffix("cms-indexer: error: 1 document failed; the aliases were not moved\n")
            )
        }
    }

    @Test func anUnreachableClusterFailsWithAClearError() async throws {
        try await withTemporaryDirectory { directory in
            _ = try IndexerFixture.database(in: directory, movies: 1)
            let result = await run(
                ["index", "--db", "cms.sqlite", "--es", "http://127.0.0.1:1"], in: directory,
                environment: ["ELASTICSEARCH_TIMEOUT": "2"])
            #expect(result.code == 1)
            #expect(result.errors.hasPrefix("cms-indexer: error: taking the indexer lease failed: "))
            #expect(result.errors.contains("the aliases were not moved"))
            let fromEnvironment = await run(
                ["index", "--db", "cms.sqlite"], in: directory,
                environment: ["ELASTICSEARCH_URL": "http://127.0.0.1:1", "ELASTICSEARCH_TIMEOUT": "2"])
            #expect(fromEnvironment.code == 1)
            #expect(
                fromEnvironment.errors.hasPrefix(
                    "cms-indexer: indexing into the cluster at http://127.0.0.1:1 (ELASTICSEARCH_URL)\n"
                        + "cms-indexer: error: taking the indexer lease failed: "))
        }
    }

    @Test func badUsageIsExit64() async throws {
        try await withTemporaryDirectory { directory in
            _ = try IndexerFixture.database(in: directory, movies: 1)
            let cases: [([String], String)] = [
                (["index"], "'cms-indexer index' needs '--db'"),
                (["index", "--db", "missing.sqlite"], "expected an existing CMS database file"),
                (
                    ["index", "--db", "cms.sqlite", "--es", "http://x:9200", "--data", "d"],
                    "'--es' and '--data' cannot be used together"
                ),
                (
                    ["index", "--db", "cms.sqlite", "--es", "localhost"],
                    "invalid value 'localhost' for '--es'"
                ),
                (["index", "--db", "cms.sqlite", "--only", "asetflat"], "did you mean 'assetflat'?"),
                (["index", "--db", "cms.sqlite", "--retain", "0"], "invalid value '0' for '--retain'"),
            ]
            for (arguments, message) in cases {
                let result = await run(arguments, in: directory)
                #expect(result.code == 64, "\(arguments)")
                #expect(result.errors.contains(message), "\(result.errors)")
            }
            let help = await run(["index", "--help"], in: directory)
            #expect(help.code == 0)
            #expect(help.output.contains("--data <dir>"))
        }
    }

    @Test func aDatabaseFileThatIsNotADatabaseIsBadInput() async throws {
        try await withTemporaryDirectory { directory in
            try Data(String(repeating: "hello\n", count: 200).utf8).write(
                to: directory.appendingPathComponent("x.sqlite"))
            let result = await run(["index", "--db", "x.sqlite"], in: directory)
            #expect(result.code == 64)
            #expect(result.errors.contains("cannot open the SQLite database"))
        }
    }
}
