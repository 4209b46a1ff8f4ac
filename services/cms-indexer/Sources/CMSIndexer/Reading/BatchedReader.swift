import SQLiteKit

/// Streams records in key order, one batch at a time: a keyset-paginated query on the main
/// table, then one range query per child table for the batch's keys. Memory holds one batch,
/// whatever the size of the database.
///
/// ```swift
/// let reader = try BatchedReader(db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 500)
/// while let records = try reader.next() { ... }
/// ```
public final class BatchedReader<Record: NormalizedRecord> {
    private let main: (query: RecordQuery<Record>, statement: SQLiteStatement)
    private let children: [(query: RecordQuery<Record>, statement: SQLiteStatement)]
    private let batchSize: Int
    private var lastKey = ""
    private var finished = false
    /// Rows read so far, over every table.
    public private(set) var rowsRead = 0

    /// Prepares the statements.
    ///
    /// - Throws: ``SQLiteError/prepareFailed(sql:message:)`` when the schema lacks a table or column.
    public init(
        db: SQLiteDatabase, main: RecordQuery<Record>, children: [RecordQuery<Record>], batchSize: Int
    ) throws {
        self.main = (main, try db.prepare(main.sql))
        self.children = try children.map { ($0, try db.prepare($0.sql)) }
        self.batchSize = max(1, batchSize)
    }

    /// The next batch of records, in key order; `nil` when every row has been read.
    ///
    /// - Throws: SQLite errors that concern the whole read (a locked or corrupt database);
    ///   a bad value in a row is recorded in the record's `problems` instead.
    public func next() throws -> [Record]? {
        guard !finished else { return nil }
        try main.statement.bind([lastKey, batchSize])
        var records: [Record] = []
        var positions: [String: Int] = [:]
        while let row = try main.statement.step() {
            rowsRead += 1
            let id = try row.string(0)
            var record = Record(id: id)
            apply(main.query, row, to: &record)
            positions[id] = records.count
            records.append(record)
        }
        guard let first = records.first?.id, let last = records.last?.id else {
            finished = true
            return nil
        }
        if records.count < batchSize { finished = true }
        lastKey = last
        for (query, statement) in children {
            try statement.bind([first, last])
            while let row = try statement.step() {
                rowsRead += 1
                guard let owner = try? row.string(0), let position = positions[owner] else { continue }
                apply(query, row, to: &records[position])
            }
        }
        return records
    }

    private func apply(_ query: RecordQuery<Record>, _ row: SQLiteRow, to record: inout Record) {
        do {
            try query.apply(&record, row)
        } catch {
            record.problems.append("\(query.table): \(error)")
        }
    }
}
