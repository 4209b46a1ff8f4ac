/// One row of a ``PostgresResult``, read by column index or name with typed getters.
///
/// Getters are strict about column types, so bad data is reported, never silently converted:
/// `string` wants a textual type (`text`, `varchar`, `uuid`, `json`...), `int` an integer
/// type, `bool` a `boolean`, `double` a numeric type, `timestampISO8601` a `timestamptz`; the
/// `optional...` forms also accept NULL.
public struct PostgresRow {
    let result: PostgresResult
    let index: Int32

    /// The number of columns.
    public var count: Int { result.columns.count }

    /// The server's text form of a value, whatever its type; `nil` for NULL.
    public func text(_ column: Int32) -> String? {
        result.text(row: index, column: column)
    }

    /// Whether a value is NULL.
    public func isNull(_ column: Int32) -> Bool {
        result.isNull(row: index, column: column)
    }

    /// The type of a column.
    public func type(_ column: Int32) -> PostgresType {
        result.columns[Int(column)].type
    }

    // MARK: - Typed getters by index

    /// A textual column.
    public func string(_ column: Int32) throws -> String {
        guard let text = try optionalString(column) else { throw nullError(column) }
        return text
    }

    /// A textual or NULL column.
    public func optionalString(_ column: Int32) throws -> String? {
        guard let text = text(column) else { return nil }
        guard type(column).isTextual else { throw mismatch(column, expected: "text", found: text) }
        return text
    }

    /// An integer column.
    public func int(_ column: Int32) throws -> Int {
        guard let number = try optionalInt(column) else { throw nullError(column) }
        return number
    }

    /// An integer or NULL column.
    public func optionalInt(_ column: Int32) throws -> Int? {
        guard let text = text(column) else { return nil }
        guard type(column).isInteger, let number = Int(text) else {
            throw mismatch(column, expected: "integer", found: text)
        }
        return number
    }

    /// A numeric column, as a `Double`.
    public func double(_ column: Int32) throws -> Double {
        guard let text = text(column) else { throw nullError(column) }
        guard type(column).isNumeric, let number = Double(text) else {
            throw mismatch(column, expected: "a number", found: text)
        }
        return number
    }

    /// A boolean column.
    public func bool(_ column: Int32) throws -> Bool {
        guard let value = try optionalBool(column) else { throw nullError(column) }
        return value
    }

    /// A boolean or NULL column.
    public func optionalBool(_ column: Int32) throws -> Bool? {
        guard let text = text(column) else { return nil }
        guard type(column) == .boolean, text == "t" || text == "f" else {
            throw mismatch(column, expected: "boolean", found: text)
        }
        return text == "t"
    }

    /// A `timestamptz` column as ISO 8601 UTC text (`2024-03-01T10:00:00Z`, a fraction only when
    /// there is one), the form SQLite stores. The connection's session runs in UTC with ISO
    /// dates, so the server sends `2024-03-01 10:00:00+00`.
    public func timestampISO8601(_ column: Int32) throws -> String {
        guard let text = try optionalTimestampISO8601(column) else { throw nullError(column) }
        return text
    }

    /// A `timestamptz` or NULL column as ISO 8601 UTC text.
    public func optionalTimestampISO8601(_ column: Int32) throws -> String? {
        guard let text = text(column) else { return nil }
        guard type(column) == .timestamptz, text.hasSuffix("+00"), text.count > 3 else {
            throw mismatch(column, expected: "a timestamptz in UTC", found: text)
        }
        // 'infinity' and BC dates fall through unchanged; the reader reports them as not ISO 8601.
        return String(text.dropLast(3)).replacingOccurrences(of: " ", with: "T") + "Z"
    }

    // MARK: - Typed getters by name

    /// A textual column, by name.
    public func string(_ name: String) throws -> String { try string(result.columnIndex(of: name)) }

    /// A textual or NULL column, by name.
    public func optionalString(_ name: String) throws -> String? {
        try optionalString(result.columnIndex(of: name))
    }

    /// An integer column, by name.
    public func int(_ name: String) throws -> Int { try int(result.columnIndex(of: name)) }

    /// A boolean column, by name.
    public func bool(_ name: String) throws -> Bool { try bool(result.columnIndex(of: name)) }

    // MARK: - Errors

    private func columnName(_ column: Int32) -> String {
        Int(column) < result.columns.count ? result.columns[Int(column)].name : "\(column)"
    }

    private func nullError(_ column: Int32) -> PostgresError {
        .unexpectedNull(column: columnName(column))
    }

    private func mismatch(_ column: Int32, expected: String, found text: String) -> PostgresError {
        let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
        return .typeMismatch(
            column: columnName(column), expected: expected, found: "\(type(column)) '\(shown)'")
    }
}
