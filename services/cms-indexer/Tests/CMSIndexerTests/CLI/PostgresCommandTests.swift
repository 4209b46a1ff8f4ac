import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

/// `migrate`, `demo-db` and `index` with `--db postgres://...`, and every way of pointing at the
/// wrong database ending in a clear error.
@Suite(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
struct PostgresCommandTests {
    private func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async
        -> CommandRun
    {
        await CommandRun.run(
            arguments, in: directory, clock: IndexerFixture.clock(), environment: environment)
    }

    @Test func migrateFillAndIndexAPostgresDatabase() async throws {
        let server = try await TemporaryPostgresServer.shared()
        try await server.withSchema { url in
            try await withTemporaryDirectory { directory in
                let shown = url.replacingOccurrences(of: server.password, with: "***")
                let migrated = await run(["migrate", "--db", url], in: directory)
                #expect(migrated.code == 0, "\(migrated.errors)")
                #expect(migrated.output.hasPrefix("applied migration 1: create reference data\n"))
                #expect(migrated.output.hasSuffix("\(shown): schema at version \(CMSSchema.latestVersion)\n"))
                #expect(!migrated.output.contains(server.password))
                let again = await run(["migrate", "--db", url], in: directory)
                #expect(again.output == "\(shown): schema already at version \(CMSSchema.latestVersion)\n")

                let demo = await run(
                    ["demo-db", "--db", url, "--assets", "60", "--seed", "5"], in: directory)
                #expect(demo.code == 0, "\(demo.errors)")
                #expect(
                    demo.output.hasPrefix(
                        "wrote \(shown) (seed 5, anchor 2026-01-01T00:00:00Z)\nassets: 60 ("))
                let twice = await run(["demo-db", "--db", url, "--assets", "60"], in: directory)
                #expect(twice.code == 1)
                #expect(twice.errors.contains("already holds 60 assets; pass --force to empty it first"))
                let forced = await run(["demo-db", "--db", url, "--assets", "40", "--force"], in: directory)
                #expect(forced.code == 0, "\(forced.errors)")

                let indexed = await run(["index", "--db", url, "--data", "data"], in: directory)
                #expect(indexed.code == 0, "\(indexed.errors)")
                #expect(
                    indexed.output.contains("assetflat: 40 documents in 'assetflat-20260101000000000' from "))
                let engine = try await IndexerFixture.reopen(directory.appendingPathComponent("data"))
                #expect(try await IndexerFixture.count(engine, "assetflat") == 40)
                let rowCount = try #require(
                    try CMSDatabase.openForReading(.postgres(PostgresConfiguration(url)))
                        .query("SELECT count(*) FROM rows") { try $0.int(0) }.first)
                #expect(rowCount > 10)
                #expect(
                    indexed.output.contains("rows: \(rowCount) documents in 'rows-20260101000000000' from "))
                let rows = try await engine.search(.rows, request: SearchRequest(size: 100))
                    .documents(as: PromotedRow.self)
                #expect(rows.count == rowCount)
                #expect(rows.allSatisfy { !$0.territories.isEmpty && !$0.titles.isEmpty })
                try engine.close()
            }
        }
    }

    @Test func theWrongDatabaseIsAClearErrorWithItsExitCode() async throws {
        let server = try await TemporaryPostgresServer.shared()
        try await withTemporaryDirectory { directory in
            let malformed = await run(
                ["index", "--db", "postgres://cms:secret@127.0.0.1:port/cms"], in: directory)
            #expect(malformed.code == 64)
            #expect(
                malformed.errors.contains("invalid value 'postgres://cms:***@127.0.0.1:port/cms' for '--db'"))
            #expect(!malformed.errors.contains("secret"))

            let closed = try closedPort()
            let unreachable = await run(
                ["index", "--db", "postgres://cms@127.0.0.1:\(closed)/cms"], in: directory)
            #expect(unreachable.code == 1)
            #expect(
                unreachable.errors.contains(
                    "cannot connect to the PostgreSQL database 'postgres://cms@127.0.0.1:\(closed)/cms'"))

            let refused = await run(["migrate", "--db", server.url(password: "wrong")], in: directory)
            #expect(refused.code == 64)
            #expect(refused.errors.contains("password authentication failed for user \"cms\""))
            #expect(refused.errors.contains("check the user, password"))

            let missing = await run(["migrate", "--db", server.url(database: "no_such_db")], in: directory)
            #expect(missing.code == 64)
            #expect(missing.errors.contains("database \"no_such_db\" does not exist"))
        }
        try await server.withSchema { url in
            try await withTemporaryDirectory { directory in
                let behind = await run(["index", "--db", url], in: directory)
                #expect(behind.code == 1)
                #expect(
                    behind.errors.contains(
                        "has schema version 0, expected \(CMSSchema.latestVersion); run 'cms-indexer migrate --db postgres://cms:***@"
                    ))
                try CMSFixture.execute(
                    "CREATE TABLE invoices (id integer)", on: .postgres(PostgresConfiguration(url)))
                let foreign = await run(["migrate", "--db", url], in: directory)
                #expect(foreign.code == 64)
                #expect(foreign.errors.contains("has tables ('invoices') but no 'schema_migrations'"))
            }
        }
    }

    @Test func theBuiltToolTakesWhatTheURLLeavesOutFromPGVariables() async throws {
        let server = try await TemporaryPostgresServer.shared()
        try await server.withDatabase { url in
            let name = String(url.split(separator: "/").last ?? "")
            var environment = ProcessInfo.processInfo.environment
            environment["PGHOST"] = "127.0.0.1"
            environment["PGPORT"] = "\(server.port)"
            environment["PGUSER"] = server.user
            environment["PGPASSWORD"] = server.password
            environment["PGDATABASE"] = name
            environment["PGSSLMODE"] = "disable"
            let result = try await ChildProcess.run(
                try BuiltProducts.executable("cms-indexer"), ["migrate", "--db", "postgres://"],
                environment: environment, timeout: .seconds(60))
            #expect(result.termination == .exited(0), "\(result.errors)")
            #expect(result.output.hasSuffix("postgres://: schema at version \(CMSSchema.latestVersion)\n"))
            let db = try CMSDatabase.openForReading(.postgres(PostgresConfiguration(url)))
            #expect(try db.tableExists("assets"))
        }
    }

    /// A port nothing listens on.
    private func closedPort() throws -> Int {
        let descriptor = try TemporaryPostgresServer.unusedPort()
        return descriptor
    }
}
