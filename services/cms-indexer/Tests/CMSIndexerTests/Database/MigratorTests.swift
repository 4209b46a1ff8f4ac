import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import PostgresKitTesting
import SQLiteKit
import Testing

/// The same versioned migrations on a SQLite file and on a PostgreSQL database.
@Suite struct MigratorTests {
    private let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    static let tables = [
        "assets", "asset_localizations", "seasons", "episodes", "asset_categories", "asset_languages",
        "asset_ratings", "license_windows", "license_window_countries",
        "license_window_subscription_statuses",
        "categories", "category_titles", "languages", "territories", "ratings", "rating_system_territories",
        "marketing_promos", "marketing_promo_territories", "sports_events", "sports_event_teams",
        "sports_event_territories", "rows", "row_titles", "row_platforms", "row_territories", "row_items",
    ]

    @Test(arguments: TestDatabase.available)
    func migratesANewDatabaseToTheLatestSchemaOnce(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let migrator = try Migrator(migrations: CMSSchema.migrations)
            do {
                let db = try CMSDatabase.open(location, readOnly: false)
                #expect(try migrator.currentVersion(of: db) == 0)
                #expect(try migrator.migrate(db, clock: clock) == Array(1...CMSSchema.latestVersion))
                #expect(try migrator.migrate(db, clock: clock) == [])
            }
            let db = try CMSDatabase.open(location, readOnly: true)
            #expect(try migrator.currentVersion(of: db) == CMSSchema.latestVersion)
            let recorded = try db.query(
                "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            ) {
                row in "\(try row.int(0)) \(try row.string(1)) \(try row.string(2))"
            }
            #expect(recorded.first == "1 create reference data 2023-11-14T22:13:20Z")
            #expect(recorded.count == CMSSchema.latestVersion)
            let tables = try db.tableNames()
            for table in Self.tables { #expect(tables.contains(table), "missing table \(table)") }
        }
    }

    @Test(arguments: TestDatabase.available)
    func appliesOnlyThePendingMigrations(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let first = try Migrator(migrations: Array(CMSSchema.migrations.prefix(2)))
            #expect(try first.migrate(db, clock: clock) == [1, 2])
            let all = try Migrator(migrations: CMSSchema.migrations)
            #expect(try all.migrate(db, clock: clock) == Array(3...CMSSchema.latestVersion))
        }
    }

    @Test(arguments: TestDatabase.available)
    func upgradingAVersion5DatabaseKeepsItsRowsAndCapturesTheNewTables(_ database: TestDatabase) async throws
    {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let before = try Migrator(migrations: Array(CMSSchema.migrations.prefix(5)))
            #expect(try before.migrate(db, clock: clock) == [1, 2, 3, 4, 5])
            try db.execute(CMSFixture.referenceSQL + CMSFixture.moviesSQL(count: 2))
            let feed = try ChangeFeed(db: db)
            let outbox = try feed.changes(after: 0, limit: 1_000)
            // 3 territories, 3 languages, 2 categories, 3 ratings and 2 movies.
            #expect(outbox.count == 13)
            #expect(try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock) == [6])
            // What the database held is all there, its outbox too.
            #expect(try feed.changes(after: 0, limit: 1_000) == outbox)
            let movies = try IndexDocuments.read(.assetflat, location)
            #expect(movies.documents.keys.sorted() == ["movie-0001", "movie-0002"])
            // The new tables take rows and record them for the incremental indexer.
            let position = try feed.latestPosition()
            try db.execute(CMSFixture.curatedRowSQL("row-1", assets: ["movie-0002", "movie-0001"]))
            #expect(try feed.changes(after: position, limit: 10).map(\.key) == ["row-1"])
            let rows = try IndexDocuments.read(.rows, location)
            #expect(rows.errors == [])
            #expect(rows.documents["row-1"]?["asset_uuids"] == ["movie-0002", "movie-0001"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aFailingMigrationIsRolledBackAndTheEarlierOnesStay(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let migrations = [
                Migration(version: 1, name: "one", sql: "CREATE TABLE one (x INTEGER)"),
                Migration(
                    version: 2, name: "two", sql: "CREATE TABLE two (x INTEGER); CREATE TABLE broken (;"),
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
    }

    @Test(arguments: TestDatabase.available)
    func refusesADatabaseFromTheFuture(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
            let older = try Migrator(migrations: Array(CMSSchema.migrations.prefix(3)))
            #expect(
                throws: MigrationError.databaseIsNewer(
                    databaseVersion: CMSSchema.latestVersion, knownVersion: 3)
            ) {
                try older.migrate(db, clock: clock)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func refusesAnotherSchemaHistory(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            try Migrator(migrations: [Migration(version: 1, name: "something else", sql: "SELECT 1")])
                .migrate(db, clock: clock)
            #expect(
                throws: MigrationError.nameMismatch(
                    version: 1, recorded: "something else", expected: "create reference data")
            ) {
                try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func refusesADatabaseThatIsNotACMSOne(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            try db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
            #expect {
                try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
            } throws: { error in
                guard case .notACMSDatabase(_, ["invoices"]) = error as? MigrationError else { return false }
                return "\(error)".contains("has tables ('invoices') but no 'schema_migrations'")
            }
            #expect(try db.tableNames() == ["invoices"])
        }
    }

    @Test func refusesAMigrationListWithGaps() {
        #expect(throws: MigrationError.self) {
            try Migrator(migrations: [Migration(version: 2, name: "two", sql: "")])
        }
    }

    @Test(arguments: TestDatabase.available)
    func readingRequiresTheLatestSchema(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            try Migrator(migrations: Array(CMSSchema.migrations.prefix(1)))
                .migrate(CMSDatabase.open(location, readOnly: false), clock: clock)
            #expect {
                _ = try CMSDatabase.openForReading(location)
            } throws: { error in
                "\(error)".contains(
                    "has schema version 1, expected \(CMSSchema.latestVersion); run 'cms-indexer migrate --db"
                )
            }
            _ = try CMSDatabase.openForWriting(location, clock: clock)
            _ = try CMSDatabase.openForReading(location)
        }
    }

    @Test(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
    func postgresColumnsHaveRealTypesAndByteOrderText() async throws {
        try await TestDatabase.postgres.withFixture { location in
            let db = try CMSDatabase.openForReading(location)
            let columns = try db.query(
                """
                SELECT table_name::text || '.' || column_name::text, data_type::text, coalesce(collation_name::text, '')
                FROM information_schema.columns WHERE table_schema = current_schema()
                """
            ) { (try $0.string(0), try $0.string(1), try $0.string(2)) }
            let types = Dictionary(uniqueKeysWithValues: columns.map { ($0.0, $0.1) })
            #expect(types["assets.created_at"] == "timestamp with time zone")
            #expect(types["license_windows.starts_at"] == "timestamp with time zone")
            #expect(types["territories.is_main"] == "boolean")
            #expect(types["license_windows.is_downloadable"] == "boolean")
            #expect(types["ratings.minimum_age"] == "integer")
            for (name, type, collation) in columns where type == "text" {
                #expect(collation == "C", "\(name) sorts by the database's locale")
            }
            // A read-only session refuses writes, as a read-only SQLite file does.
            #expect(throws: (any Error).self) { try db.execute("DELETE FROM territories") }
        }
    }
}
