/// An error from the PostgreSQL layer: the connection string, connecting, a statement, or
/// reading a row.
public enum PostgresError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The connection string (URL or `key=value` list) cannot be parsed.
    case invalidConnectionString(String, message: String)
    /// The server could not be reached (refused, unknown host, no route).
    case connectionFailed(database: String, message: String)
    /// The server answered but refused the session (wrong password, no such role or database).
    case connectionRejected(database: String, message: String)
    /// Connecting took longer than the connect timeout.
    case connectTimedOut(database: String, seconds: Int)
    /// A statement failed on the server, with its SQLSTATE code.
    case statementFailed(sql: String, sqlState: String, message: String, detail: String?, hint: String?)
    /// The server did not answer within the query timeout; the connection was closed.
    case queryTimedOut(sql: String, seconds: Double)
    /// The connection broke while a statement ran.
    case connectionLost(database: String, message: String)
    /// The connection was closed earlier (after a timeout or a lost connection, or by `close()`).
    case connectionClosed(database: String)
    /// A column name the result does not have.
    case unknownColumn(name: String, available: [String])
    /// A column holds a value of another type than the one asked for.
    case typeMismatch(column: String, expected: String, found: String)
    /// A column holds NULL where a value is required.
    case unexpectedNull(column: String)

    /// The SQLSTATE a server sends when a statement ran past `statement_timeout` or was
    /// cancelled.
    public static let queryCanceled = "57014"

    public var description: String {
        switch self {
        case .invalidConnectionString(let text, let message):
            return
                "invalid PostgreSQL connection string '\(text)': \(message); write postgres://user@host:port/dbname"
        case .connectionFailed(let database, let message):
            return
                "cannot connect to the PostgreSQL database \(database): \(message); check the host and port (in the URL or PGHOST/PGPORT) and that the server is running"
        case .connectionRejected(let database, let message):
            return
                "the PostgreSQL server refused the connection to \(database): \(message); check the user, password (PGPASSWORD or ~/.pgpass) and database name"
        case .connectTimedOut(let database, let seconds):
            return
                "connecting to the PostgreSQL database \(database) timed out after \(seconds) s; check that the host answers (connect_timeout in the URL or PGCONNECT_TIMEOUT sets the limit)"
        case .statementFailed(let sql, let sqlState, let message, let detail, let hint):
            var text = "the statement '\(Self.shorten(sql))' failed (SQLSTATE \(sqlState)): \(message)"
            if let detail { text += " (\(detail))" }
            if let hint { text += "; \(hint)" }
            if sqlState == Self.queryCanceled { text += "; the server cancelled it (statement timeout)" }
            return text
        case .queryTimedOut(let sql, let seconds):
            return
                "the PostgreSQL server did not answer '\(Self.shorten(sql))' within \(Self.format(seconds)) s; the connection was closed"
        case .connectionLost(let database, let message):
            return "the connection to the PostgreSQL database \(database) was lost: \(message)"
        case .connectionClosed(let database):
            return "the connection to the PostgreSQL database \(database) is closed"
        case .unknownColumn(let name, let available):
            let list = available.map { "'\($0)'" }.joined(separator: ", ")
            return "no column '\(name)' in the result; it has \(list)"
        case .typeMismatch(let column, let expected, let found):
            return "column '\(column)' holds \(found), expected \(expected)"
        case .unexpectedNull(let column):
            return "column '\(column)' is NULL, expected a value"
        }
    }

    /// The SQLSTATE of a failed statement, `nil` for other errors.
    public var sqlState: String? {
        if case .statementFailed(_, let state, _, _, _) = self { return state }
        return nil
    }

    /// The SQL on one line, cut to a readable length.
    static func shorten(_ sql: String) -> String {
        let oneLine = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "..." : oneLine
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : "\((seconds * 10).rounded() / 10)"
    }
}
