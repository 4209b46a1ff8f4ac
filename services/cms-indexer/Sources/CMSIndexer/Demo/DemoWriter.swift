import SQLiteKit

/// Inserts rows through one cached prepared statement per table and column list, counting
/// rows per table.
final class DemoWriter {
    let db: SQLiteDatabase
    private var statements: [String: SQLiteStatement] = [:]
    private(set) var counts: [String: Int] = [:]

    init(db: SQLiteDatabase) {
        self.db = db
    }

    /// Inserts one row.
    func insert(_ table: String, _ columns: [String], _ values: [any SQLiteValueConvertible]) throws {
        let key = "\(table)(\(columns.joined(separator: ",")))"
        let statement: SQLiteStatement
        if let cached = statements[key] {
            statement = cached
        } else {
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            statement = try db.prepare(
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
            statements[key] = statement
        }
        try statement.run(values)
        counts[table, default: 0] += 1
    }
}
