import PostgresKit

/// A ``CMSConnection`` over any ``PostgresConnection`` (libpq's in the live wiring).
///
/// Statements written with SQLite's `?N` parameters are sent with PostgreSQL's `$N`; rows read
/// a `timestamptz` as ISO 8601 UTC text and `boolean`s as booleans, so readers see what SQLite
/// would give them.
public final class PostgresCMSConnection: CMSConnection {
    /// The PostgreSQL connection.
    public let connection: any PostgresConnection
    public var dialect: SQLDialect { .postgres }
    public var location: String { connection.displayName }
    public var statementsRun: Int { connection.roundTrips }
    private var transactionDepth = 0

    /// Wraps an open PostgreSQL connection.
    public init(_ connection: any PostgresConnection) {
        self.connection = connection
    }

    public func execute(_ script: String) throws {
        try connection.execute(script)
    }

    @discardableResult
    public func run(_ sql: String, _ values: [DatabaseValue]) throws -> Int {
        try connection.query(Self.numberedParameters(sql), values.map(\.postgresValue)).affectedRows
    }

    public func prepare(_ sql: String) throws -> any DatabaseStatement {
        PostgresCMSStatement(connection: connection, sql: Self.numberedParameters(sql))
    }

    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let savepoint = "sp\(transactionDepth)"
        try connection.execute(transactionDepth == 1 ? "BEGIN" : "SAVEPOINT \(savepoint)")
        do {
            let result = try body()
            try connection.execute(transactionDepth == 1 ? "COMMIT" : "RELEASE SAVEPOINT \(savepoint)")
            return result
        } catch {
            try? connection.execute(
                transactionDepth == 1
                    ? "ROLLBACK" : "ROLLBACK TO SAVEPOINT \(savepoint); RELEASE SAVEPOINT \(savepoint)")
            throw error
        }
    }

    public func insert(into table: String, columns: [String], rows: [[DatabaseValue]]) throws {
        try connection.copy(into: table, columns: columns, rows: rows.map { $0.map(\.postgresValue) })
    }

    public func tableNames() throws -> [String] {
        try connection.query(
            """
            SELECT table_name::text FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name::text COLLATE "C"
            """, []
        ).rows.map { try $0.string(0) }
    }

    /// `sql` with SQLite's `?N` (and bare `?`) parameters spelled `$N`, leaving quoted text alone.
    static func numberedParameters(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count)
        var quote: Character?
        var next = 1
        var characters = sql[...]
        while let character = characters.popFirst() {
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                result.append(character)
            case "?":
                let digits = characters.prefix(while: \.isASCII).prefix(while: \.isNumber)
                characters = characters.dropFirst(digits.count)
                if digits.isEmpty {
                    result += "$\(next)"
                    next += 1
                } else {
                    result += "$\(digits)"
                }
            default:
                result.append(character)
            }
        }
        return result
    }
}

/// A statement run on PostgreSQL (prepared on the server the first time).
final class PostgresCMSStatement: DatabaseStatement {
    private let connection: any PostgresConnection
    private let sql: String

    init(connection: any PostgresConnection, sql: String) {
        self.connection = connection
        self.sql = sql
    }

    func forEachRow(_ values: [DatabaseValue], _ body: (any DatabaseRow) throws -> Void) throws {
        let result = try connection.query(sql, values.map(\.postgresValue))
        for index in 0..<result.count { try body(PostgresCMSRow(row: result.row(index))) }
    }
}

/// A PostgreSQL row read the way SQLite rows are.
struct PostgresCMSRow: DatabaseRow {
    let row: PostgresRow

    func string(_ column: Int32) throws -> String {
        row.type(column) == .timestamptz ? try row.timestampISO8601(column) : try row.string(column)
    }

    func optionalString(_ column: Int32) throws -> String? {
        row.type(column) == .timestamptz
            ? try row.optionalTimestampISO8601(column) : try row.optionalString(column)
    }

    func int(_ column: Int32) throws -> Int { try row.int(column) }

    func optionalInt(_ column: Int32) throws -> Int? { try row.optionalInt(column) }

    func bool(_ column: Int32) throws -> Bool { try row.bool(column) }
}

extension PostgresCMSConnection: ChangeNotifying {
    public func listen(_ channel: String) throws {
        try connection.listen(channel)
    }

    public func waitForNotification(timeout: Duration) throws -> Bool {
        !(try connection.notifications(timeout: timeout)).isEmpty
    }
}
