import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import SQLiteKit
import Testing

@Suite struct DemoDatabaseTests {
    private static let anchor = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28T20:26:40Z

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

    @Test func theDemoIsRealisticAndEveryRowDenormalizes() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            let summary = try DemoDatabase.write(
                to: path, options: DemoDatabaseOptions(assets: 1_000, seed: 3, anchor: Self.anchor))
            #expect(summary.assetTypes.keys.sorted() == ["episode", "movie", "sport_event", "tv_series"])
            #expect((summary.assetTypes["movie"] ?? 0) > 400)
            let db = try CMSDatabase.openForReading(path: path)
            let now = ISODate.string(from: Self.anchor)
            func count(_ sql: String) throws -> Int64 {
                guard case .integer(let number) = try db.scalar(sql, [now]) else { return -1 }
                return number
            }
            #expect(try count("SELECT count(*) FROM license_windows WHERE ends_at <= ?") > 50)
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
            #expect(try count("SELECT count(*) FROM territories WHERE is_main = 1 AND ? != ''") == 6)
            #expect(
                try count(
                    "SELECT count(*) FROM episodes e WHERE ? != '' AND NOT EXISTS (SELECT 1 FROM asset_categories c WHERE c.asset_uuid = e.asset_uuid)"
                ) > 0)
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
}
