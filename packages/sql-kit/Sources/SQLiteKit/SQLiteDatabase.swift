import CSQLite

/// A connection to one SQLite database file (or an in-memory database).
///
/// A connection belongs to one task at a time: open it where it is used, and pass paths, not
/// connections, between tasks. Foreign keys are enforced and a busy database is waited for.
///
/// ```swift
/// let db = try SQLiteDatabase(path: "cms.sqlite")
/// try db.execute("CREATE TABLE territories (code TEXT PRIMARY KEY, name TEXT NOT NULL)")
/// try db.run("INSERT INTO territories VALUES (?, ?)", ["KE", "Kenya"])
/// let names = try db.query("SELECT name FROM territories ORDER BY code") { try $0.string(0) }
/// ```
public final class SQLiteDatabase {
    /// How the file is opened.
    public enum OpenMode: Sendable {
        /// Read only; the file must exist.
        case readOnly
        /// Read and write; the file must exist.
        case readWrite
        /// Read and write, creating the file when missing.
        case readWriteCreate
    }

    /// The file path (`:memory:` for an in-memory database).
    public let path: String
    let handle: OpaquePointer
    /// Numbers savepoints of nested transactions.
    var savepointCount = 0

    /// Opens (or creates) a database.
    ///
    /// - Parameters:
    ///   - path: the file, or `:memory:`.
    ///   - mode: whether to create it and whether writes are allowed.
    ///   - busyTimeoutMilliseconds: how long to wait for another connection's lock.
    /// - Throws: ``SQLiteError/cannotOpen(path:message:)``, also when the file is not a
    ///   SQLite database.
    public init(
        path: String, mode: OpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5_000
    ) throws {
        var flags: Int32 = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message =
                pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(pointer)
            throw SQLiteError.cannotOpen(path: path, message: message)
        }
        self.path = path
        self.handle = pointer
        sqlite3_busy_timeout(pointer, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(pointer, 1)
        do {
            // Reading the schema fails early on a file that is not a database.
            try execute("PRAGMA foreign_keys = ON; SELECT count(*) FROM sqlite_schema;")
        } catch {
            sqlite3_close_v2(pointer)
            throw SQLiteError.cannotOpen(path: path, message: "\(Self.reason(of: error))")
        }
    }

    /// Opens a fresh in-memory database.
    public static func inMemory() throws -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements separated by `;`, ignoring any rows they return.
    ///
    /// - Throws: ``SQLiteError/executeFailed(sql:message:)``.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError.executeFailed(sql: sql, message: message)
        }
    }

    /// Compiles one statement.
    ///
    /// - Throws: ``SQLiteError/prepareFailed(sql:message:)``.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Runs one statement with positional values, to completion.
    ///
    /// - Returns: the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [any SQLiteValueConvertible] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        try statement.run()
        return changes
    }

    /// Runs a query and maps every row.
    public func query<Result>(
        _ sql: String, _ values: [any SQLiteValueConvertible] = [],
        row transform: (SQLiteRow) throws -> Result
    ) throws -> [Result] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var results: [Result] = []
        while let row = try statement.step() {
            results.append(try transform(row))
        }
        return results
    }

    /// The first column of the first row, or `nil` when the query returns no row.
    public func scalar(_ sql: String, _ values: [any SQLiteValueConvertible] = []) throws -> SQLiteValue? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step()?.value(0)
    }

    /// The rowid of the last inserted row.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The names of the tables of the main schema, sorted.
    public func tableNames() throws -> [String] {
        try query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) { try $0.string(0) }
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    private static func reason(of error: any Error) -> String {
        if case .executeFailed(_, let message) = error as? SQLiteError { return message }
        return "\(error)"
    }
}
