import CMSIndexer
import CMSIndexerTestSupport
import Foundation
import PostgresKitTesting
import Testing

@Suite struct BatchedReaderTests {
    @Test(arguments: TestDatabase.available, [1, 3, 7, 100])
    func batchesCoverEveryRecordOnceWithAllItsChildren(_ database: TestDatabase, batchSize: Int) async throws
    {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 7)) { location in
            let db = try CMSDatabase.openForReading(location)
            let reader = try BatchedReader(
                db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: batchSize)
            var seen: [String] = []
            var sizes: [Int] = []
            while let records = try reader.next() {
                sizes.append(records.count)
                for record in records {
                    seen.append(record.id)
                    #expect(record.problems == [])
                    #expect(record.localizations.map(\.title) == ["A Movie"])
                    #expect(record.windows.map(\.countries) == [["KE", "ZA"]])
                    #expect(record.windows.map(\.subscriptionStatuses) == [["active"]])
                    #expect(record.windows.map(\.startsAt) == ["2024-01-01T00:00:00Z"])
                }
            }
            #expect(seen == (1...7).map { String(format: "movie-%04d", $0) })
            #expect(sizes.allSatisfy { $0 <= batchSize })
            #expect(try reader.next() == nil)
            // Per movie: 1 asset, 1 localization, 1 window, 2 countries, 1 status.
            #expect(reader.rowsRead == 7 * 6)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anEmptyTableGivesNoBatch(_ database: TestDatabase) async throws {
        try await database.withFixture { location in
            let db = try CMSDatabase.openForReading(location)
            let reader = try BatchedReader(
                db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 10)
            #expect(try reader.next() == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aKeyedReadGivesTheRecordsThatExistWithTheirChildren(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 4)) { location in
            let db = try CMSDatabase.openForReading(location)
            let reader = try KeyedReader(db: db, main: AssetQueries.main, children: AssetQueries.children)
            let records = try reader.records(["movie-0004", "gone", "movie-0002", "it's \"quoted\"\\"])
            #expect(records.map(\.id) == ["movie-0002", "movie-0004"])
            #expect(records.map { $0.windows.map(\.countries) } == [[["KE", "ZA"]], [["KE", "ZA"]]])
            #expect(try reader.records([]) == [])
        }
    }

    @Test(arguments: TestDatabase.available)
    func textSortsByteByByteOnBothDatabases(_ database: TestDatabase) async throws {
        let ids = ["a-1", "B-1", "a_1", "é-1", "Z-1", "a 1"]
        let sql = ids.map { CMSFixture.movieSQL($0) }.joined(separator: "\n")
        try await database.withFixture(sql: sql) { location in
            let db = try CMSDatabase.openForReading(location)
            let reader = try BatchedReader(
                db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 2)
            var seen: [String] = []
            while let records = try reader.next() { seen += records.map(\.id) }
            #expect(seen == ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        }
    }

    @Test(.enabled(if: TemporaryPostgresServer.isAvailable, "PostgreSQL's server programs are not installed"))
    func onPostgresABatchCostsOneRoundTripPerTableWhateverItsRows() async throws {
        try await TestDatabase.postgres.withFixture(sql: CMSFixture.moviesSQL(count: 30)) { location in
            let db = try CMSDatabase.openForReading(location)
            let tables = 1 + AssetQueries.children.count
            let before = db.statementsRun
            let reader = try BatchedReader(
                db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 10)
            var batches = 0
            while try reader.next() != nil { batches += 1 }
            #expect(batches == 3)
            // Each statement prepared once; per full batch one query per table; the fourth look
            // at the main table finds nothing, so no child query follows it.
            #expect(db.statementsRun - before == tables + batches * tables + 1)
            #expect(reader.rowsRead == 30 * 6)
        }
    }
}
