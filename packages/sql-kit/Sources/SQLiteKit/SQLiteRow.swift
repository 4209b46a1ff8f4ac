import CSQLite

/// The current row of a statement, read by column index or name with typed getters.
///
/// Getters are strict about SQLite's storage classes, so bad data is reported, never
/// silently converted: `string` wants TEXT, `int` wants INTEGER, `double` INTEGER or REAL,
/// `bool` the INTEGER 0 or 1; the `optional...` forms also accept NULL.
public struct SQLiteRow {
    let statement: SQLiteStatement

    /// The number of columns.
    public var count: Int { statement.columnNames.count }

    /// The value of a column, whatever its storage class.
    public func value(_ column: Int32) -> SQLiteValue {
        let handle = statement.handle
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, column))
            let buffer = UnsafeBufferPointer(start: text, count: length)
            return .text(String(decoding: buffer, as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(handle, column))
            guard length > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
        default: return .null
        }
    }

    /// The value of a named column.
    public func value(_ name: String) throws -> SQLiteValue {
        value(try statement.columnIndex(of: name))
    }

    /// Every column, by name.
    public var dictionary: [String: SQLiteValue] {
        var result: [String: SQLiteValue] = [:]
        for (index, name) in statement.columnNames.enumerated() { result[name] = value(Int32(index)) }
        return result
    }

    // MARK: - Typed getters by index

    /// A TEXT column.
    public func string(_ column: Int32) throws -> String {
        guard let text = try optionalString(column) else { throw nullError(column) }
        return text
    }

    /// A TEXT or NULL column.
    public func optionalString(_ column: Int32) throws -> String? {
        switch value(column) {
        case .null: return nil
        case .text(let text): return text
        case let other: throw mismatch(column, expected: "text", found: other)
        }
    }

    /// An INTEGER column.
    public func int(_ column: Int32) throws -> Int {
        guard let number = try optionalInt(column) else { throw nullError(column) }
        return number
    }

    /// An INTEGER or NULL column.
    public func optionalInt(_ column: Int32) throws -> Int? {
        switch value(column) {
        case .null: return nil
        case .integer(let number): return Int(number)
        case let other: throw mismatch(column, expected: "integer", found: other)
        }
    }

    /// An INTEGER or REAL column, as a `Double`.
    public func double(_ column: Int32) throws -> Double {
        switch value(column) {
        case .null: throw nullError(column)
        case .integer(let number): return Double(number)
        case .real(let number): return number
        case let other: throw mismatch(column, expected: "real", found: other)
        }
    }

    /// An INTEGER column holding 0 or 1.
    public func bool(_ column: Int32) throws -> Bool {
        switch value(column) {
        case .integer(0): return false
        case .integer(1): return true
        case .null: throw nullError(column)
        case let other: throw mismatch(column, expected: "boolean (0 or 1)", found: other)
        }
    }

    // MARK: - Typed getters by name

    /// A TEXT column, by name.
    public func string(_ name: String) throws -> String { try string(statement.columnIndex(of: name)) }

    /// A TEXT or NULL column, by name.
    public func optionalString(_ name: String) throws -> String? {
        try optionalString(statement.columnIndex(of: name))
    }

    /// An INTEGER column, by name.
    public func int(_ name: String) throws -> Int { try int(statement.columnIndex(of: name)) }

    /// An INTEGER or NULL column, by name.
    public func optionalInt(_ name: String) throws -> Int? {
        try optionalInt(statement.columnIndex(of: name))
    }

    /// An INTEGER or REAL column, by name.
    public func double(_ name: String) throws -> Double { try double(statement.columnIndex(of: name)) }

    /// A boolean column (0 or 1), by name.
    public func bool(_ name: String) throws -> Bool { try bool(statement.columnIndex(of: name)) }

    // MARK: - Errors

    private func columnName(_ column: Int32) -> String {
        let names = statement.columnNames
        return Int(column) < names.count ? names[Int(column)] : "\(column)"
    }

    private func nullError(_ column: Int32) -> SQLiteError {
        .unexpectedNull(column: columnName(column))
    }

    private func mismatch(_ column: Int32, expected: String, found: SQLiteValue) -> SQLiteError {
        let shown: String
        switch found {
        case .text(let text): shown = "text '\(text.count > 40 ? String(text.prefix(37)) + "..." : text)'"
        case .integer(let number): shown = "integer \(number)"
        case .real(let number): shown = "real \(number)"
        default: shown = found.typeName
        }
        return .typeMismatch(column: columnName(column), expected: expected, found: shown)
    }
}
