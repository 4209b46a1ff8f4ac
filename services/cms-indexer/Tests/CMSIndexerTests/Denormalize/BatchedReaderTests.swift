import CMSIndexer
import CMSIndexerTestSupport
import Foundation
import SQLiteKit
import Testing

@Suite struct BatchedReaderTests {
    @Test(arguments: [1, 2, 3, 7, 100])
    func batchesCoverEveryRecordOnceWithAllItsChildren(batchSize: Int) throws {
        try withTemporaryDirectory { directory in
            let path = try CMSFixture.database(in: directory, sql: CMSFixture.moviesSQL(count: 7))
            let db = try CMSDatabase.openForReading(path: path)
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
                }
            }
            #expect(seen == (1...7).map { String(format: "movie-%04d", $0) })
            #expect(sizes.allSatisfy { $0 <= batchSize })
            #expect(try reader.next() == nil)
            // Per movie: 1 asset, 1 localization, 1 window, 2 countries, 1 status.
            #expect(reader.rowsRead == 7 * 6)
        }
    }

    @Test func anEmptyTableGivesNoBatch() throws {
        try withTemporaryDirectory { directory in
            let path = try CMSFixture.database(in: directory)
            let db = try CMSDatabase.openForReading(path: path)
            let reader = try BatchedReader(
                db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 10)
            #expect(try reader.next() == nil)
        }
    }
}
