import SQLiteKit

/// How one table contributes to records: a query whose first column is the owning
/// record's id, and how a row updates that record.
///
/// For the main table, `sql` takes the last key read and a limit (`WHERE uuid > ?1 ORDER BY
/// uuid LIMIT ?2`); for child tables, the first and last key of the batch (`WHERE asset_uuid
/// BETWEEN ?1 AND ?2`).
public struct RecordQuery<Record: NormalizedRecord>: Sendable {
    /// The table's name, for problem reports.
    public var table: String
    /// The SQL.
    public var sql: String
    /// Updates the record from one row.
    public var apply: @Sendable (inout Record, SQLiteRow) throws -> Void

    /// Creates a query.
    public init(
        table: String, sql: String, apply: @escaping @Sendable (inout Record, SQLiteRow) throws -> Void
    ) {
        self.table = table
        self.sql = sql
        self.apply = apply
    }
}
