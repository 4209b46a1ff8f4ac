/// An error from the SQLite layer: opening, preparing, binding, stepping or reading a row.
public enum SQLiteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The database file could not be opened (missing, not a database, no permission).
    case cannotOpen(path: String, message: String)
    /// A statement did not compile (a syntax error, an unknown table or column).
    case prepareFailed(sql: String, message: String)
    /// A statement failed while running (a constraint violation, a locked or corrupt database).
    case stepFailed(sql: String, code: Int32, message: String)
    /// A script run with `execute(_:)` failed.
    case executeFailed(sql: String, message: String)
    /// A value could not be bound to a parameter.
    case bindFailed(sql: String, parameter: String, message: String)
    /// A named parameter (`:uuid`) the statement does not declare.
    case unknownParameter(name: String, sql: String)
    /// More or fewer values than the statement has parameters.
    case wrongBindingCount(expected: Int, given: Int, sql: String)
    /// A column name the statement does not return.
    case unknownColumn(name: String, available: [String])
    /// A column holds a value of another storage class than the one asked for.
    case typeMismatch(column: String, expected: String, found: String)
    /// A column holds NULL where a value is required.
    case unexpectedNull(column: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let message):
            return "cannot open the SQLite database '\(path)': \(message); check the path and its permissions"
        case .prepareFailed(let sql, let message):
            return "cannot prepare the statement '\(Self.shorten(sql))': \(message)"
        case .stepFailed(let sql, let code, let message):
            return "the statement '\(Self.shorten(sql))' failed (SQLite code \(code)): \(message)"
        case .executeFailed(let sql, let message):
            return "the SQL script '\(Self.shorten(sql))' failed: \(message)"
        case .bindFailed(let sql, let parameter, let message):
            return "cannot bind parameter \(parameter) of '\(Self.shorten(sql))': \(message)"
        case .unknownParameter(let name, let sql):
            return "the statement '\(Self.shorten(sql))' has no parameter '\(name)'"
        case .wrongBindingCount(let expected, let given, let sql):
            return "the statement '\(Self.shorten(sql))' takes \(expected) value(s), \(given) given"
        case .unknownColumn(let name, let available):
            let list = available.map { "'\($0)'" }.joined(separator: ", ")
            return "no column '\(name)' in the result; it has \(list)"
        case .typeMismatch(let column, let expected, let found):
            return "column '\(column)' holds \(found), expected \(expected)"
        case .unexpectedNull(let column):
            return "column '\(column)' is NULL, expected a value"
        }
    }

    /// The SQL on one line, cut to a readable length.
    static func shorten(_ sql: String) -> String {
        let oneLine = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "..." : oneLine
    }
}
