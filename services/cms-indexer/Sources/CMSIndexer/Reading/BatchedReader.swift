/// Streams records in key order, one batch at a time: a keyset-paginated query on the main
/// table, then one range query per child table for the batch's keys. Memory holds one batch,
/// whatever the size of the database.
///
/// ```swift
/// let reader = try BatchedReader(db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: 500)
/// while let records = try reader.next() { ... }
/// ```
public final class BatchedReader<Record: NormalizedRecord> {
    private let main: (query: RecordQuery<Record>, statement: any DatabaseStatement)
    private let children: [(query: RecordQuery<Record>, statement: any DatabaseStatement)]
    private let batchSize: Int
    private var lastKey = ""
    private var finished = false
    /// Rows read so far, over every table.
    public private(set) var rowsRead = 0

    /// Prepares the statements.
    ///
    /// - Throws: the database's error when the schema lacks a table or column (on PostgreSQL,
    ///   when the statement first runs).
    public init(
        db: any CMSConnection, main: RecordQuery<Record>, children: [RecordQuery<Record>], batchSize: Int
    ) throws {
        self.main = (main, try db.prepare(main.pageSQL))
        self.children = try children.map { ($0, try db.prepare($0.rangeSQL)) }
        self.batchSize = max(1, batchSize)
    }

    /// The next batch of records, in key order; `nil` when every row has been read.
    ///
    /// - Throws: database errors that concern the whole read (a locked or corrupt database, a
    ///   lost connection); a bad value in a row is recorded in the record's `problems` instead.
    public func next() throws -> [Record]? {
        guard !finished else { return nil }
        var assembly = RecordAssembly<Record>()
        try main.statement.forEachRow([.text(lastKey), .integer(Int64(batchSize))]) { row in
            rowsRead += 1
            try assembly.addMain(row, main.query)
        }
        guard let first = assembly.records.first?.id, let last = assembly.records.last?.id else {
            finished = true
            return nil
        }
        if assembly.records.count < batchSize { finished = true }
        lastKey = last
        for (query, statement) in children {
            try statement.forEachRow([.text(first), .text(last)]) { row in
                rowsRead += 1
                assembly.addChild(row, query)
            }
        }
        return assembly.records
    }
}

/// Reads the records of a list of ids (the change feed's), with the same queries as
/// ``BatchedReader``: one query on the main table and one per child table for the whole list.
/// An id without a main row is a record that no longer exists.
public final class KeyedReader<Record: NormalizedRecord> {
    private let dialect: SQLDialect
    private let main: (query: RecordQuery<Record>, statement: any DatabaseStatement)
    private let children: [(query: RecordQuery<Record>, statement: any DatabaseStatement)]
    /// Rows read so far, over every table.
    public private(set) var rowsRead = 0

    /// Prepares the statements.
    public init(db: any CMSConnection, main: RecordQuery<Record>, children: [RecordQuery<Record>]) throws {
        dialect = db.dialect
        self.main = (main, try db.prepare(main.listSQL(for: db.dialect)))
        self.children = try children.map { ($0, try db.prepare($0.listSQL(for: db.dialect))) }
    }

    /// The records of `ids` that exist, in key order.
    public func records(_ ids: [String]) throws -> [Record] {
        guard !ids.isEmpty else { return [] }
        let list = KeyList.encode(ids, for: dialect)
        var assembly = RecordAssembly<Record>()
        try main.statement.forEachRow([list]) { row in
            rowsRead += 1
            try assembly.addMain(row, main.query)
        }
        guard !assembly.records.isEmpty else { return [] }
        for (query, statement) in children {
            try statement.forEachRow([list]) { row in
                rowsRead += 1
                assembly.addChild(row, query)
            }
        }
        return assembly.records
    }
}

/// Records being put together from their main rows and child rows.
struct RecordAssembly<Record: NormalizedRecord> {
    private(set) var records: [Record] = []
    private var positions: [String: Int] = [:]

    mutating func addMain(_ row: any DatabaseRow, _ query: RecordQuery<Record>) throws {
        let id = try row.string(0)
        var record = Record(id: id)
        Self.apply(query, row, to: &record)
        positions[id] = records.count
        records.append(record)
    }

    mutating func addChild(_ row: any DatabaseRow, _ query: RecordQuery<Record>) {
        guard let owner = try? row.string(0), let position = positions[owner] else { return }
        Self.apply(query, row, to: &records[position])
    }

    private static func apply(_ query: RecordQuery<Record>, _ row: any DatabaseRow, to record: inout Record) {
        do {
            try query.apply(&record, row)
        } catch {
            record.problems.append("\(query.table): \(error)")
        }
    }
}
