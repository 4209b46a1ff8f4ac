import CLIKitTesting
import CMSIndexer
import CMSIndexerDemo
import CMSIndexerTestSupport
import ESModels
import Foundation
import PostgresKitTesting
import SQLiteKit
import Testing

@Suite struct DemoDatabaseTests {
    private static let anchor = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28T20:26:40Z
    /// The API major the Catalogue assumes when a client sends none (its `APIVersion.current`).
    private static let currentAPIMajor = 138
    private static let mainTerritories: Set = ["GH", "KE", "NG", "TZ", "UG", "ZA"]

    /// Every row of every table, in storage order (rowid or primary key).
    private func dump(_ path: String) throws -> [String] {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        var lines: [String] = []
        for table in try db.tableNames() where table != "schema_migrations" {
            lines += try db.query("SELECT * FROM \(table)") { row in
                "\(table): " + (0..<Int32(row.count)).map { "\(row.value($0))" }.joined(separator: "|")
            }
        }
        return lines
    }

    @Test func theSameSeedAndAnchorWriteTheSameRows() throws {
        try withTemporaryDirectory { directory in
            let options = DemoDatabaseOptions(assets: 300, seed: 7, anchor: Self.anchor)
            let first = directory.appendingPathComponent("a.sqlite").path
            let second = directory.appendingPathComponent("b.sqlite").path
            let other = directory.appendingPathComponent("c.sqlite").path
            let summary = try DemoDatabase.write(to: first, options: options)
            #expect(try DemoDatabase.write(to: second, options: options) == summary)
            #expect(try dump(first) == dump(second))
            var otherOptions = options
            otherOptions.seed = 8
            _ = try DemoDatabase.write(to: other, options: otherOptions)
            #expect(try dump(first) != dump(other))
            #expect(summary.rows["assets"] == 300)
        }
    }

    @Test func refusesToOverwriteUnlessAsked() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            let options = DemoDatabaseOptions(assets: 20, seed: 1, anchor: Self.anchor)
            _ = try DemoDatabase.write(to: path, options: options)
            #expect(throws: DemoDatabaseError.fileExists(path)) {
                try DemoDatabase.write(to: path, options: options)
            }
            _ = try DemoDatabase.write(to: path, options: options, replace: true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cms.sqlite"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func theDemoIsRealisticAndEveryRowDenormalizes(_ database: TestDatabase) async throws {
        try await database.withEmptyDatabase { location in
            let summary = try DemoDatabase.write(
                into: location, options: DemoDatabaseOptions(assets: 1_000, seed: 3, anchor: Self.anchor))
            #expect(summary.assetTypes.keys.sorted() == ["episode", "movie", "sport_event", "tv_series"])
            #expect((summary.assetTypes["movie"] ?? 0) > 400)
            let db = try CMSDatabase.openForReading(location)
            let now = ISODate.string(from: Self.anchor)
            func count(_ sql: String) throws -> Int {
                try db.query(sql, [.text(now)]) { try $0.int(0) }.first ?? -1
            }
            #expect(try count("SELECT count(*) FROM license_windows WHERE ends_at <= ?1") > 50)
            #expect(
                try count("SELECT count(*) FROM license_windows WHERE starts_at <= ?1 AND ends_at > ?1") > 500
            )
            #expect(try count("SELECT count(*) FROM license_windows WHERE starts_at > ?") > 50)
            #expect(try count("SELECT count(DISTINCT license_type) FROM license_windows WHERE ? != ''") == 3)
            #expect(
                try count("SELECT count(DISTINCT promo_type) FROM marketing_promos WHERE starts_at <= ?") == 3
            )
            #expect(try count("SELECT count(*) FROM marketing_promos WHERE starts_at > ?") > 0)
            #expect(try count("SELECT count(*) FROM marketing_promos WHERE ends_at < ?") > 0)
            #expect(try count("SELECT count(*) FROM sports_events WHERE starts_at < ?") > 10)
            #expect(try count("SELECT count(*) FROM sports_events WHERE starts_at > ?") > 10)
            #expect(
                try count("SELECT count(DISTINCT language_code) FROM asset_localizations WHERE ? != ''") == 4)
            #expect(try count("SELECT count(*) FROM territories WHERE is_main = TRUE AND ? != ''") == 6)
            #expect(
                try count(
                    "SELECT count(*) FROM episodes e WHERE ? != '' AND NOT EXISTS (SELECT 1 FROM asset_categories c WHERE c.asset_uuid = e.asset_uuid)"
                ) > 0)
            try checkRows(db, now: now)
            for index in CMSIndices.names {
                let source = try DocumentSource.make(for: index, db: db, batchSize: 250)
                var documents = 0
                while let batch = try source.next() {
                    #expect(batch.errors == [], "\(index)")
                    documents += batch.documents.count
                    if index == .assetflat, let first = batch.documents.first?.source {
                        // The fast writer and the model's Codable form agree on real data.
                        #expect(try JSONValue(encoding: first.decode(AssetFlat.self)) == first)
                    }
                }
                #expect(documents > 0, "\(index)")
            }
        }
    }

    @Test func aTinyDemoLeavesOutTheCuratedRowsItCannotFill() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            _ = try DemoDatabase.write(
                to: path, options: DemoDatabaseOptions(assets: 1, seed: 4, anchor: Self.anchor))
            let rows = try Self.rows(CMSDatabase.openForReading(.sqlite(path: path)))
            // Every query and live_events row, and the curated ones only with items.
            #expect(rows.filter { $0.kind != .curated }.count == 11)
            #expect(rows.allSatisfy { $0.kind != .curated || !$0.assetUUIDs.isEmpty })
        }
    }

    /// The demo's rows, every one of them built.
    private static func rows(_ db: any CMSConnection) throws -> [PromotedRow] {
        let source = try DocumentSource.make(for: .rows, db: db, batchSize: 7)
        var rows: [PromotedRow] = []
        while let batch = try source.next() {
            #expect(batch.errors == [])
            rows += try batch.documents.map { try $0.source.decode(PromotedRow.self) }
        }
        return rows
    }

    /// At least ten rows show now, on a phone with the current API, in every main territory, each
    /// with 20 or more assets licensed now in all of them (a curated row's items are all licensed);
    /// a live football row shows; exactly the four rows meant not to show now do not.
    private func checkRows(_ db: any CMSConnection, now: String) throws {
        let rows = try Self.rows(db)
        #expect(Set(rows.map(\.slug)).count == rows.count)
        #expect(rows.map(\.position).sorted() == Array(1...rows.count))
        func showsNow(_ row: PromotedRow, on platform: String) -> Bool {
            row.isScheduled(at: Self.anchor) && row.shows(forAPIMajor: Self.currentAPIMajor)
                && row.platforms.contains(platform)
        }
        #expect(
            rows.filter { !showsNow($0, on: "android") }.map(\.slug).sorted() == [
                "big-screen", "classics-for-older-apps", "coming-tomorrow", "last-weeks-picks",
            ])
        #expect(rows.first { $0.slug == "big-screen" }.map { showsNow($0, on: "tv") } == true)
        /// Assets where `condition` holds with a window open now in every main territory.
        func licensedNow(_ condition: String) throws -> Int {
            try db.query(
                """
                SELECT count(*) FROM assets a WHERE \(condition) AND EXISTS (
                    SELECT 1 FROM license_windows w WHERE w.asset_uuid = a.uuid AND w.starts_at <= ?1 AND w.ends_at > ?1
                    AND (SELECT count(*) FROM license_window_countries c JOIN territories t ON t.code = c.territory_code
                         WHERE c.license_window_uuid = w.uuid AND t.is_main = TRUE) = \(Self.mainTerritories.count))
                """, [.text(now)]
            ) { try $0.int(0) }.first ?? -1
        }
        var (full, short): ([String], [String]) = ([], [])
        func tally(_ row: PromotedRow, _ assets: Int) {
            if assets >= 20 { full.append(row.slug) } else { short.append(row.slug) }
        }
        for row in rows
        where showsNow(row, on: "android") && Self.mainTerritories.isSubset(of: row.territories) {
            switch row.kind {
            case .curated:
                let ids = row.assetUUIDs.map { "'\($0)'" }.joined(separator: ", ")
                #expect(try licensedNow("a.uuid IN (\(ids))") == row.assetUUIDs.count, "\(row.slug)")
                tally(row, row.assetUUIDs.count)
            case .query:
                let query = try #require(row.query)
                var conditions = ["a.uuid != ''"]
                if let type = query.type { conditions.append("a.type = '\(type.rawValue)'") }
                if let category = query.category {
                    conditions.append(
                        "EXISTS (SELECT 1 FROM asset_categories x WHERE x.asset_uuid = a.uuid AND x.category_uuid = '\(category)')"
                    )
                }
                if let language = query.language {
                    conditions.append(
                        "EXISTS (SELECT 1 FROM asset_languages x WHERE x.asset_uuid = a.uuid AND x.language_code = '\(language)')"
                    )
                }
                tally(row, try licensedNow(conditions.joined(separator: " AND ")))
            case .liveEvents:
                #expect(row.query?.sport == "football")
                #expect(
                    try db.query("SELECT count(*) FROM sports_events WHERE sport = 'football'") {
                        try $0.int(0)
                    } != [0])
            }
        }
        #expect(full.count >= 10, "\(full)")
        #expect(short == [], "rows showing now with fewer than 20 licensed assets")
        #expect(rows.contains { $0.kind == .liveEvents && showsNow($0, on: "android") })
    }
}

/// The same demo in SQLite and in PostgreSQL gives exactly the same documents in every index.
@Suite(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
struct DemoOnBothDatabasesTests {
    @Test func bothDatabasesGiveTheSameDocuments() async throws {
        let options = DemoDatabaseOptions(
            assets: 400, seed: 11, anchor: Date(timeIntervalSince1970: 1_780_000_000))
        try await TestDatabase.sqlite.withEmptyDatabase { sqlite in
            try await TestDatabase.postgres.withEmptyDatabase { postgres in
                #expect(
                    try DemoDatabase.write(into: sqlite, options: options)
                        == DemoDatabase.write(into: postgres, options: options))
                let left = try CMSDatabase.openForReading(sqlite)
                let right = try CMSDatabase.openForReading(postgres)
                for index in CMSIndices.names {
                    let (a, b) = (try Self.documents(index, left), try Self.documents(index, right))
                    #expect(a.count > 0, "\(index)")
                    #expect(a == b, "\(index) differs between SQLite and PostgreSQL")
                }
            }
        }
    }

    /// Every document of an index, as canonical JSON in reading order.
    static func documents(_ index: IndexName, _ db: any CMSConnection) throws -> [String] {
        let source = try DocumentSource.make(for: index, db: db, batchSize: 97)
        var documents: [String] = []
        while let batch = try source.next() {
            #expect(batch.errors == [])
            documents += batch.documents.map { "\($0.id) \($0.source.canonicalString)" }
        }
        return documents
    }
}
