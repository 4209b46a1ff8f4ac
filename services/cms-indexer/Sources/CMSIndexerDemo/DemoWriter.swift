import CMSIndexer

/// Gathers rows per table and inserts them in bulk (COPY on PostgreSQL), counting rows per
/// table. Pending rows are written in the schema's table order, parents before children, so
/// every row's references exist when it arrives.
final class DemoWriter {
    let db: any CMSConnection
    private var pending: [String: (columns: [String], rows: [[DatabaseValue]])] = [:]
    private var pendingRows = 0
    private(set) var counts: [String: Int] = [:]
    /// Rows held before they are written.
    static let flushEvery = 20_000

    init(db: any CMSConnection) {
        self.db = db
    }

    /// Adds one row.
    func insert(_ table: String, _ columns: [String], _ values: [any DatabaseValueConvertible]) throws {
        let key = "\(table)(\(columns.joined(separator: ",")))"
        pending[key, default: (columns, [])].rows.append(values.map(\.databaseValue))
        counts[table, default: 0] += 1
        pendingRows += 1
        if pendingRows >= Self.flushEvery { try flush() }
    }

    /// Writes every pending row.
    func flush() throws {
        let order = Dictionary(uniqueKeysWithValues: CMSSchema.tables.enumerated().map { ($1, $0) })
        let keys = pending.keys.sorted { left, right in
            let (a, b) = (Self.table(of: left), Self.table(of: right))
            return (order[a] ?? .max, left) < (order[b] ?? .max, right)
        }
        for key in keys {
            guard let (columns, rows) = pending[key] else { continue }
            try db.insert(into: Self.table(of: key), columns: columns, rows: rows)
        }
        pending.removeAll(keepingCapacity: true)
        pendingRows = 0
    }

    private static func table(of key: String) -> String {
        String(key.prefix { $0 != "(" })
    }
}
