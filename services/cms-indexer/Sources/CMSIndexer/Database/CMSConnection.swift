/// A connection to a CMS database, SQLite or PostgreSQL: the one seam the migrator, the readers,
/// the change feed and the demo writer use.
///
/// SQL is written once, in the subset both databases share, with SQLite's numbered parameters
/// (`?1`, `?2`); the PostgreSQL connection turns them into `$1`, `$2`. Where the two differ (a
/// list of keys, the schema itself) the ``dialect`` says which form to write. A connection
/// belongs to one task at a time.
///
/// ```swift
/// let db = try CMSDatabase.openForReading(.sqlite(path: "cms.sqlite"))
/// let titles = try db.query("SELECT title FROM asset_localizations WHERE asset_uuid = ?1", ["uuid-1"]) {
///     try $0.string(0)
/// }
/// ```
public protocol CMSConnection: AnyObject {
    /// Which database this is.
    var dialect: SQLDialect { get }
    /// The database for messages (a path, or a URL without its password).
    var location: String { get }
    /// Statements run so far; on PostgreSQL, server round trips.
    var statementsRun: Int { get }

    /// Runs one or more statements separated by `;`, ignoring rows.
    func execute(_ script: String) throws
    /// Runs one statement; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int
    /// Compiles (SQLite) or names (PostgreSQL, prepared on first use) one statement.
    func prepare(_ sql: String) throws -> any DatabaseStatement
    /// Runs `body` in a transaction (a savepoint inside another): committed when it returns,
    /// rolled back when it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result
    /// Inserts many rows into one table at once (COPY on PostgreSQL).
    func insert(into table: String, columns: [String], rows: [[DatabaseValue]]) throws
    /// The names of the database's tables, sorted.
    func tableNames() throws -> [String]
}

extension CMSConnection {
    /// Runs a query and maps every row.
    public func query<Result>(
        _ sql: String, _ values: [DatabaseValue] = [], row transform: (any DatabaseRow) throws -> Result
    ) throws -> [Result] {
        var results: [Result] = []
        try prepare(sql).forEachRow(values) { results.append(try transform($0)) }
        return results
    }

    /// Whether a table exists.
    public func tableExists(_ name: String) throws -> Bool {
        try tableNames().contains(name)
    }
}

/// A prepared statement of a ``CMSConnection``.
public protocol DatabaseStatement: AnyObject {
    /// Runs the statement with `values` and calls `body` with each row, in order (the row is
    /// valid only during the call).
    func forEachRow(_ values: [DatabaseValue], _ body: (any DatabaseRow) throws -> Void) throws
}

/// One row of a result, read with getters that are strict about types: `string` wants text
/// (on PostgreSQL a `timestamptz` reads as its ISO 8601 UTC text, the form SQLite stores),
/// `int` an integer, `bool` a boolean (SQLite's 0 or 1).
public protocol DatabaseRow {
    /// A text column.
    func string(_ column: Int32) throws -> String
    /// A text or NULL column.
    func optionalString(_ column: Int32) throws -> String?
    /// An integer column.
    func int(_ column: Int32) throws -> Int
    /// An integer or NULL column.
    func optionalInt(_ column: Int32) throws -> Int?
    /// A boolean column.
    func bool(_ column: Int32) throws -> Bool
}

/// Which database a connection talks to.
public enum SQLDialect: String, Sendable, Equatable, CaseIterable {
    case sqlite
    case postgres
}
