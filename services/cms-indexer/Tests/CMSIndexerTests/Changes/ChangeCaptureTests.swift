import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

/// The triggers record, for every write to every CMS table, exactly the documents it touches, on
/// both databases.
@Suite struct ChangeCaptureTests {
    /// A movie, a series with two episodes in two seasons, a promo, a sports event, a curated row
    /// of the movie and the series, and a query row.
    static let catalogueSQL =
        CMSFixture.movieSQL("movie-1") + """
            INSERT INTO assets (uuid, type, created_at, updated_at) VALUES
                ('series-1', 'tv_series', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'),
                ('episode-1', 'episode', '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z'),
                ('episode-2', 'episode', '2024-01-03T00:00:00Z', '2024-01-03T00:00:00Z');
            INSERT INTO asset_localizations (asset_uuid, language_code, title) VALUES
                ('series-1', 'en', 'Nights'), ('episode-1', 'en', 'Nights 1'), ('episode-2', 'en', 'Nights 2');
            INSERT INTO seasons (uuid, series_uuid, number) VALUES ('season-1', 'series-1', 1), ('season-2', 'series-1', 2);
            INSERT INTO episodes (asset_uuid, season_uuid, number) VALUES ('episode-1', 'season-1', 1), ('episode-2', 'season-2', 1);
            INSERT INTO marketing_promos (uuid, title, promo_type, starts_at, ends_at, priority) VALUES
                ('promo-1', 'Watch now', 'call_to_action', '2024-01-01T00:00:00Z', '2030-01-01T00:00:00Z', 5);
            INSERT INTO sports_events (uuid, sport, competition, starts_at, ends_at) VALUES
                ('event-1', 'football', 'Cup', '2026-03-01T15:00:00Z', '2026-03-01T17:00:00Z');
            INSERT INTO sports_event_teams (event_uuid, position, team) VALUES ('event-1', 0, 'A'), ('event-1', 1, 'B');

            """ + CMSFixture.curatedRowSQL("row-1", assets: ["movie-1", "series-1"])
        + CMSFixture.rowSQL("row-2", position: 2)

    /// The documents the outbox names after `position`, as `entity:key`, sorted.
    static func recorded(after position: Int64, _ db: any CMSConnection) throws -> [String] {
        try ChangeFeed(db: db).changes(after: position, limit: 1_000).map { "\($0.entity):\($0.key)" }
            .sorted()
    }

    @Test(arguments: TestDatabase.available)
    func everyWriteRecordsTheDocumentsItTouches(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: Self.catalogueSQL) { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let feed = try ChangeFeed(db: db)
            let cases: [(sql: String, expected: [String])] = [
                (
                    "UPDATE asset_localizations SET title = 'Heat' WHERE asset_uuid = 'movie-1'",
                    ["assetflat:movie-1"]
                ),
                (
                    "INSERT INTO asset_categories (asset_uuid, category_uuid, position) VALUES ('series-1', 'cat-drama', 0)",
                    ["assetflat:episode-1", "assetflat:episode-2", "assetflat:series-1"]
                ),
                (
                    "UPDATE asset_ratings SET rating_uuid = 'rating-kfcb-16' WHERE asset_uuid = 'nobody'", []
                ),
                (
                    "INSERT INTO asset_ratings (asset_uuid, territory_code, rating_uuid) VALUES ('series-1', 'KE', 'rating-kfcb-16')",
                    ["assetflat:episode-1", "assetflat:episode-2", "assetflat:series-1"]
                ),
                (
                    "DELETE FROM license_window_countries WHERE license_window_uuid = 'lw-movie-1' AND territory_code = 'ZA'",
                    ["assetflat:movie-1"]
                ),
                ("UPDATE seasons SET number = 3 WHERE uuid = 'season-2'", ["assetflat:episode-2"]),
                (
                    "UPDATE episodes SET season_uuid = 'season-1', number = 2 WHERE asset_uuid = 'episode-2'",
                    ["assetflat:episode-2"]
                ),
                (
                    "INSERT INTO rating_system_territories (system, territory_code) VALUES ('KFCB', 'GB')",
                    ["ratings:rating-kfcb-16"]
                ),
                (
                    "UPDATE category_titles SET title = 'Drames' WHERE language_code = 'fr'",
                    ["categories:cat-drama"]
                ),
                ("UPDATE territories SET name = 'Kenya (KE)' WHERE code = 'KE'", ["territories:KE"]),
                ("UPDATE languages SET is_main = TRUE WHERE code = 'sw'", ["languages:sw"]),
                (
                    "INSERT INTO marketing_promo_territories (promo_uuid, territory_code) VALUES ('promo-1', 'KE')",
                    ["marketing_promos:promo-1"]
                ),
                ("UPDATE sports_event_teams SET team = 'C' WHERE position = 1", ["sports_events:event-1"]),
                ("UPDATE rows SET position = position + 10", ["rows:row-1", "rows:row-2"]),
                ("UPDATE row_titles SET title = 'Picks' WHERE row_uuid = 'row-1'", ["rows:row-1"]),
                ("INSERT INTO row_platforms (row_uuid, platform) VALUES ('row-2', 'tv')", ["rows:row-2"]),
                (
                    "DELETE FROM row_territories WHERE row_uuid = 'row-1' AND territory_code = 'ZA'",
                    ["rows:row-1"]
                ),
                ("UPDATE row_items SET position = 9 WHERE asset_uuid = 'movie-1'", ["rows:row-1"]),
                ("DELETE FROM rows WHERE uuid = 'row-2'", ["rows:row-2"]),
                // The movie leaves the curated row with it (ON DELETE CASCADE).
                ("DELETE FROM assets WHERE uuid = 'movie-1'", ["assetflat:movie-1", "rows:row-1"]),
            ]
            for (sql, expected) in cases {
                let before = try feed.latestPosition()
                try db.execute(sql)
                #expect(try Self.recorded(after: before, db) == expected, "\(sql)")
                if !expected.isEmpty { #expect(try feed.latestPosition() > before, "\(sql)") }
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyCMSTableHasATriggerForEveryKindOfWrite(_ database: TestDatabase) async throws {
        try await database.withFixture { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let triggers = Set(
                try db.query(
                    database == .sqlite
                        ? "SELECT name FROM sqlite_master WHERE type = 'trigger'"
                        : """
                        SELECT tgname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                        WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
                        """
                ) { try $0.string(0) })
            let expected = CMSSchema.tables.flatMap { table in
                ["insert", "update", "delete"].map { "cms_changes_\(table)_\($0)" }
            }
            #expect(expected.filter { !triggers.contains($0) } == [])
            // And nothing else but, on PostgreSQL, the lock taken before each table's writes.
            #expect(triggers.count == CMSSchema.tables.count * (database == .sqlite ? 3 : 4))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aDocumentHasOneRowAtTheNewestPosition(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 2)) { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let feed = try ChangeFeed(db: db)
            let start = try feed.latestPosition()
            try db.execute("UPDATE assets SET updated_at = '2025-01-01T00:00:00Z' WHERE uuid = 'movie-0001'")
            let first = try feed.changes(after: start, limit: 10)
            try db.execute("UPDATE assets SET updated_at = '2025-01-02T00:00:00Z' WHERE uuid = 'movie-0002'")
            try db.execute("UPDATE assets SET updated_at = '2025-01-03T00:00:00Z' WHERE uuid = 'movie-0001'")
            let all = try feed.changes(after: start, limit: 10)
            #expect(all.map(\.key) == ["movie-0002", "movie-0001"])
            #expect(all[1].position > all[0].position)
            #expect(all[0].position > (first.first?.position ?? .max))
            #expect(
                try db.query("SELECT count(*) FROM cms_changes WHERE key = 'movie-0001'") { try $0.int(0) }
                    == [1])
            #expect(ISODate.date(from: all[0].changedAt) != nil, "\(all[0].changedAt)")
            // Rows with no changes touch nothing; a rolled-back write leaves nothing.
            let before = try feed.latestPosition()
            #expect(throws: (any Error).self) {
                try db.transaction {
                    try db.execute("UPDATE assets SET type = 'episode' WHERE uuid = 'movie-0002'")
                    throw CancellationError()
                }
            }
            #expect(try feed.changes(after: before, limit: 10) == [])
        }
    }

    @Test func aStatementThatIgnoresConflictsIsStillRecordedOnSQLite() async throws {
        try await TestDatabase.sqlite.withFixture(sql: CMSFixture.moviesSQL(count: 1)) { location in
            let db = try CMSDatabase.open(location, readOnly: false)
            let feed = try ChangeFeed(db: db)
            try db.execute("UPDATE assets SET updated_at = '2025-01-01T00:00:00Z' WHERE uuid = 'movie-0001'")
            let before = try feed.latestPosition()
            try db.execute(
                "INSERT OR IGNORE INTO asset_localizations (asset_uuid, language_code, title) VALUES ('movie-0001', 'fr', 'Un film')"
            )
            #expect(try feed.changes(after: before, limit: 10).map(\.key) == ["movie-0001"])
        }
    }

    @Test(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
    func onPostgresABulkLoadRecordsEachDocumentOnceAndNotifiesAtCommit() async throws {
        try await TestDatabase.postgres.withFixture { location in
            guard case .postgres(let configuration) = location else { return }
            let listener = try LibPQConnection(configuration: configuration)
            try listener.listen(ChangeCapture.channel)
            let db = try CMSDatabase.open(location, readOnly: false)
            // Tests running beside this one write to other schemas of the same database, whose
            // commits notify the same channel: only this writer's notifications count.
            let writer = try #require(try db.query("SELECT pg_backend_pid()") { try $0.int(0) }.first)
            /// This writer's notifications within `timeout` (the first ones, once any came).
            func ours(_ timeout: Duration) throws -> [PostgresNotification] {
                let deadline = ContinuousClock.now + timeout
                var mine: [PostgresNotification] = []
                while mine.isEmpty, ContinuousClock.now < deadline {
                    mine = try listener.notifications(timeout: deadline - ContinuousClock.now)
                        .filter { Int($0.senderProcessID) == writer }
                }
                return mine
            }
            let start = try ChangeFeed(db: db).latestPosition()
            try db.transaction {
                try db.insert(
                    into: "assets", columns: ["uuid", "type", "created_at", "updated_at"],
                    rows: (1...300).map {
                        [.text("bulk-\($0)"), "movie", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"]
                    })
                try db.insert(
                    into: "asset_localizations", columns: ["asset_uuid", "language_code", "title"],
                    rows: (1...300).flatMap {
                        [[.text("bulk-\($0)"), "en", "T"], [.text("bulk-\($0)"), "fr", "T"]]
                    })
                // Nothing is announced before the commit.
                #expect(try ours(.milliseconds(100)).isEmpty)
            }
            #expect(try ours(.seconds(10)).map(\.channel) == [ChangeCapture.channel])
            let changes = try ChangeFeed(db: db).changes(after: start, limit: 1_000)
            #expect(changes.count == 300)
            #expect(Set(changes.map(\.key)).count == 300)
            listener.close()
        }
    }

    @Test(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
    func onPostgresCMSWritesCommitOneAfterAnother() async throws {
        try await TestDatabase.postgres.withFixture(sql: CMSFixture.moviesSQL(count: 2)) { location in
            let first = try CMSDatabase.open(location, readOnly: false)
            let second = try CMSDatabase.open(location, readOnly: false)
            try first.execute(
                "BEGIN; UPDATE assets SET updated_at = '2025-01-01T00:00:00Z' WHERE uuid = 'movie-0001'")
            // Another document, no row in common: still it waits for the first writer's commit,
            // so its position cannot become visible before the first one's.
            #expect {
                try second.execute(
                    "SET lock_timeout = '200ms'; UPDATE assets SET updated_at = '2025-01-01T00:00:00Z' WHERE uuid = 'movie-0002'"
                )
            } throws: { ($0 as? PostgresError)?.sqlState == "55P03" }
            try first.execute("COMMIT")
            try second.execute(
                "UPDATE assets SET updated_at = '2025-01-02T00:00:00Z' WHERE uuid = 'movie-0002'")
            let changes = try ChangeFeed(db: first).changes(after: 0, limit: 100).suffix(2)
            #expect(changes.map(\.key) == ["movie-0001", "movie-0002"])
        }
    }
}
