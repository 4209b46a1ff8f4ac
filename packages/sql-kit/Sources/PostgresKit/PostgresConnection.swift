/// A connection to one PostgreSQL database: the small surface the services need.
///
/// ``LibPQConnection`` implements it over libpq. A team that adopts a well-known client library
/// implements this protocol once more; nothing above it changes. A connection belongs to one
/// task at a time, like a SQLite connection.
///
/// ```swift
/// let db: any PostgresConnection = try LibPQConnection(configuration: configuration)
/// try db.execute("CREATE TABLE territories (code text PRIMARY KEY, name text NOT NULL)")
/// _ = try db.query("INSERT INTO territories VALUES ($1, $2)", ["KE", "Kenya"])
/// let names = try db.query("SELECT name FROM territories ORDER BY code", []).rows.map { try $0.string(0) }
/// ```
public protocol PostgresConnection: AnyObject {
    /// The database for messages: `postgres://user@host:port/dbname`, never the password.
    var displayName: String { get }

    /// Server round trips so far (a statement, a prepare, a COPY's start and its end).
    var roundTrips: Int { get }

    /// Runs one or more statements separated by `;` (the simple query protocol), ignoring rows.
    ///
    /// - Throws: ``PostgresError/statementFailed(sql:sqlState:message:detail:hint:)`` for the
    ///   first statement that fails, ``PostgresError/queryTimedOut(sql:seconds:)``.
    func execute(_ sql: String) throws

    /// Runs one statement with parameters `$1`, `$2`...; the statement is prepared on the server
    /// the first time and reused afterwards.
    func query(_ sql: String, _ parameters: [PostgresValue]) throws -> PostgresResult

    /// Copies rows into a table (`COPY ... FROM STDIN`): the fastest way to load many rows.
    ///
    /// - Returns: the number of rows copied.
    @discardableResult
    func copy(into table: String, columns: [String], rows: [[PostgresValue]]) throws -> Int

    /// Starts listening on a channel (`LISTEN`).
    func listen(_ channel: String) throws

    /// The notifications received on listened channels, waiting up to `timeout` for the first
    /// one; empty when none came in time.
    func notifications(timeout: Duration) throws -> [PostgresNotification]

    /// Closes the connection; later calls throw ``PostgresError/connectionClosed(database:)``.
    func close()
}

extension PostgresConnection {
    /// Runs a statement with parameters and returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [PostgresValue] = []) throws -> Int {
        try query(sql, parameters).affectedRows
    }

    /// The first column of the first row as text, `nil` when there is no row or it is NULL.
    public func scalar(_ sql: String, _ parameters: [PostgresValue] = []) throws -> String? {
        let result = try query(sql, parameters)
        guard result.count > 0 else { return nil }
        return result.row(0).text(0)
    }
}
