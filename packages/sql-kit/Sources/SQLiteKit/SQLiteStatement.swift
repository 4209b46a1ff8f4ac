import CSQLite

/// A compiled statement: bind values, then step through its rows.
///
/// ```swift
/// let statement = try db.prepare("SELECT uuid, title FROM assets WHERE type = :type ORDER BY uuid")
/// try statement.bind(["movie"])            // or bind("movie", to: ":type")
/// while let row = try statement.step() {   // streams: one row in memory at a time
///     print(try row.string("uuid"), try row.optionalString("title") ?? "-")
/// }
/// try statement.reset()                    // run it again, with new values
/// ```
public final class SQLiteStatement {
    /// The database it belongs to (kept alive as long as the statement is).
    public let database: SQLiteDatabase
    /// The SQL text.
    public let sql: String
    let handle: OpaquePointer
    /// Column names of the result, in order.
    public let columnNames: [String]
    private let columnIndex: [String: Int32]
    private var isDone = false

    init(database: SQLiteDatabase, sql: String) throws {
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            throw SQLiteError.prepareFailed(sql: sql, message: database.lastErrorMessage)
        }
        self.database = database
        self.sql = sql
        self.handle = pointer
        let count = sqlite3_column_count(pointer)
        var names: [String] = []
        var index: [String: Int32] = [:]
        for column in 0..<count {
            let name = sqlite3_column_name(pointer, column).map { String(cString: $0) } ?? "\(column)"
            names.append(name)
            if index[name] == nil { index[name] = column }
        }
        self.columnNames = names
        self.columnIndex = index
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds positional values to parameters 1...n, replacing earlier bindings.
    ///
    /// - Throws: ``SQLiteError/wrongBindingCount(expected:given:sql:)`` unless exactly one value
    ///   per parameter is given.
    public func bind(_ values: [any SQLiteValueConvertible]) throws {
        guard values.count == parameterCount else {
            throw SQLiteError.wrongBindingCount(expected: parameterCount, given: values.count, sql: sql)
        }
        // A statement without parameters is rewound here too, so it can run again.
        if isDone || sqlite3_stmt_busy(handle) != 0 { try reset() }
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: Int32(offset + 1), label: "\(offset + 1)")
        }
    }

    /// Binds a value to a named parameter (`:uuid`, `@uuid` or `$uuid`, prefix included).
    public func bind(_ value: any SQLiteValueConvertible, to name: String) throws {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else { throw SQLiteError.unknownParameter(name: name, sql: sql) }
        try bind(value.sqliteValue, at: index, label: "'\(name)'")
    }

    private func bind(_ value: SQLiteValue, at index: Int32, label: String) throws {
        if isDone || sqlite3_stmt_busy(handle) != 0 { try reset() }
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), csqlite_transient())
            }
        }
        guard code == SQLITE_OK else {
            throw SQLiteError.bindFailed(sql: sql, parameter: label, message: database.lastErrorMessage)
        }
    }

    /// Advances to the next row; `nil` when there is none left.
    ///
    /// The returned row reads the statement's current values, valid until the next step.
    /// - Throws: ``SQLiteError/stepFailed(sql:code:message:)`` (constraint violations included).
    public func step() throws -> SQLiteRow? {
        if isDone { return nil }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return SQLiteRow(statement: self)
        case SQLITE_DONE:
            isDone = true
            return nil
        default:
            isDone = true
            let message = database.lastErrorMessage
            sqlite3_reset(handle)
            throw SQLiteError.stepFailed(sql: sql, code: code, message: message)
        }
    }

    /// Runs the statement to completion, ignoring rows (for INSERT, UPDATE, DELETE).
    public func run() throws {
        while try step() != nil {}
    }

    /// Runs the statement once more with new positional values (for repeated INSERTs).
    public func run(_ values: [any SQLiteValueConvertible]) throws {
        try bind(values)
        try run()
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() throws {
        sqlite3_reset(handle)
        isDone = false
    }

    /// The index of a result column by name.
    ///
    /// - Throws: ``SQLiteError/unknownColumn(name:available:)``.
    public func columnIndex(of name: String) throws -> Int32 {
        guard let index = columnIndex[name] else {
            throw SQLiteError.unknownColumn(name: name, available: columnNames)
        }
        return index
    }
}
