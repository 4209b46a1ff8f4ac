import SQLiteKit

/// A ``CMSConnection`` over a SQLite file.
public final class SQLiteCMSConnection: CMSConnection {
    /// The SQLite connection.
    public let database: SQLiteDatabase
    public var dialect: SQLDialect { .sqlite }
    public var location: String { "'\(database.path)'" }
    public fileprivate(set) var statementsRun = 0

    /// Wraps an open SQLite connection.
    public init(_ database: SQLiteDatabase) {
        self.database = database
    }

    public func execute(_ script: String) throws {
        statementsRun += 1
        try database.execute(script)
    }

    @discardableResult
    public func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int {
        statementsRun += 1
        return try database.run(sql, values.map(\.sqliteValue))
    }

    public func prepare(_ sql: String) throws -> any DatabaseStatement {
        SQLiteCMSStatement(connection: self, statement: try database.prepare(sql))
    }

    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try database.transaction(body)
    }

    public func insert(into table: String, columns: [String], rows: [[DatabaseValue]]) throws {
        guard !rows.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let statement = try database.prepare(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
        for row in rows { try statement.run(row.map(\.sqliteValue)) }
        statementsRun += rows.count
    }

    public func tableNames() throws -> [String] {
        try database.tableNames()
    }

    fileprivate func counted() {
        statementsRun += 1
    }
}

/// A compiled SQLite statement whose rows stream one at a time.
final class SQLiteCMSStatement: DatabaseStatement {
    private let connection: SQLiteCMSConnection
    private let statement: SQLiteStatement

    init(connection: SQLiteCMSConnection, statement: SQLiteStatement) {
        self.connection = connection
        self.statement = statement
    }

    func forEachRow(_ values: [DatabaseValue], _ body: (any DatabaseRow) throws -> Void) throws {
        connection.counted()
        try statement.bind(values.map(\.sqliteValue))
        while let row = try statement.step() { try body(row) }
    }
}

extension SQLiteRow: DatabaseRow {}
