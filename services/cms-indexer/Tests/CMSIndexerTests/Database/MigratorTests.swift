import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import SQLiteKit
import Testing

@Suite struct MigratorTests {
    private let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    @Test func migratesANewFileToTheLatestSchemaOnce() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            let migrator = try Migrator(migrations: CMSSchema.migrations)
            do {
                let db = try SQLiteDatabase(path: path)
                #expect(try migrator.currentVersion(of: db) == 0)
                #expect(try migrator.migrate(db, clock: clock) == [1, 2, 3, 4])
                #expect(try migrator.migrate(db, clock: clock) == [])
            }
            let db = try SQLiteDatabase(path: path, mode: .readOnly)
            #expect(try migrator.currentVersion(of: db) == 4)
            let recorded = try db.query("SELECT version, name, applied_at FROM schema_migrations") { row in
                "\(try row.int(0)) \(try row.string(1)) \(try row.string(2))"
            }
            #expect(recorded.first == "1 create reference data 2023-11-14T22:13:20Z")
            #expect(recorded.count == 4)
            let tables = try db.tableNames()
            for table in [
                "assets", "asset_localizations", "seasons", "episodes", "asset_categories", "asset_languages",
                "asset_ratings", "license_windows", "license_window_countries",
                "license_window_subscription_statuses", "categories", "category_titles", "languages",
                "territories", "ratings", "rating_system_territories", "marketing_promos",
                "marketing_promo_territories", "sports_events", "sports_event_teams",
                "sports_event_territories",
            ] {
                #expect(tables.contains(table), "missing table \(table)")
            }
        }
    }

    @Test func appliesOnlyThePendingMigrations() throws {
        let db = try SQLiteDatabase.inMemory()
        let first = try Migrator(migrations: Array(CMSSchema.migrations.prefix(2)))
        #expect(try first.migrate(db, clock: clock) == [1, 2])
        let all = try Migrator(migrations: CMSSchema.migrations)
        #expect(try all.migrate(db, clock: clock) == [3, 4])
    }

    @Test func aFailingMigrationIsRolledBackAndTheEarlierOnesStay() throws {
        let db = try SQLiteDatabase.inMemory()
        let migrations = [
            Migration(version: 1, name: "one", sql: "CREATE TABLE one (x INTEGER)"),
            Migration(version: 2, name: "two", sql: "CREATE TABLE two (x INTEGER); CREATE TABLE broken (;"),
        ]
        let migrator = try Migrator(migrations: migrations)
        #expect {
            try migrator.migrate(db, clock: clock)
        } throws: { error in
            guard case .migrationFailed(2, "two", _) = error as? MigrationError else { return false }
            return "\(error)".hasPrefix("migration 2 ('two') failed and was rolled back: ")
        }
        #expect(try migrator.currentVersion(of: db) == 1)
        #expect(try db.tableNames() == ["one", "schema_migrations"])
    }

    @Test func refusesADatabaseFromTheFuture() throws {
        let db = try SQLiteDatabase.inMemory()
        try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
        let older = try Migrator(migrations: Array(CMSSchema.migrations.prefix(3)))
        #expect(throws: MigrationError.databaseIsNewer(databaseVersion: 4, knownVersion: 3)) {
            try older.migrate(db, clock: clock)
        }
    }

    @Test func refusesAnotherSchemaHistory() throws {
        let db = try SQLiteDatabase.inMemory()
        try Migrator(
            migrations: [Migration(version: 1, name: "something else", sql: "SELECT 1")]
        )
        .migrate(db, clock: clock)
        #expect(
            throws: MigrationError.nameMismatch(
                version: 1, recorded: "something else", expected: "create reference data")
        ) {
            try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
        }
    }

    @Test func refusesAMigrationListWithGaps() {
        #expect(throws: MigrationError.self) {
            try Migrator(migrations: [Migration(version: 2, name: "two", sql: "")])
        }
    }

    @Test func readingRequiresTheLatestSchema() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("old.sqlite").path
            try Migrator(migrations: Array(CMSSchema.migrations.prefix(1)))
                .migrate(SQLiteDatabase(path: path), clock: clock)
            #expect {
                _ = try CMSDatabase.openForReading(path: path)
            } throws: { error in
                "\(error)".contains("has schema version 1, expected 4; run 'cms-indexer migrate --db")
            }
            _ = try CMSDatabase.openForWriting(path: path, clock: clock)
            _ = try CMSDatabase.openForReading(path: path)
        }
    }
}
