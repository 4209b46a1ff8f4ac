import CLibPQ

/// The rows a statement returned, in the server's text form, with each column's name and type.
///
/// Values are read in place from libpq's result (nothing is copied until a getter asks); a
/// result built from values (``init(columns:rows:affectedRows:)``) serves another client library.
public final class PostgresResult {
    /// One column of the result.
    public struct Column: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Its type.
        public var type: PostgresType

        /// Creates a column.
        public init(name: String, type: PostgresType) {
            self.name = name
            self.type = type
        }
    }

    private enum Storage {
        case libpq(OpaquePointer)
        case values([[String?]])
    }

    private let storage: Storage
    /// The columns, in order.
    public let columns: [Column]
    /// The number of rows.
    public let count: Int
    /// Rows inserted, updated, deleted or copied by the statement (0 for others).
    public let affectedRows: Int
    private let columnIndex: [String: Int32]

    /// Takes ownership of a libpq result (cleared when this value goes away).
    init(taking result: OpaquePointer) {
        storage = .libpq(result)
        count = Int(PQntuples(result))
        let fields = PQnfields(result)
        columns = (0..<fields).map { column in
            Column(
                name: PQfname(result, column).map { String(cString: $0) } ?? "\(column)",
                type: PostgresType(oid: UInt32(PQftype(result, column))))
        }
        affectedRows = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        columnIndex = Self.index(columns)
    }

    /// A result made of values: rows of text forms (`nil` for NULL).
    public init(columns: [Column], rows: [[String?]], affectedRows: Int = 0) {
        storage = .values(rows)
        self.columns = columns
        count = rows.count
        self.affectedRows = affectedRows
        columnIndex = Self.index(columns)
    }

    deinit {
        if case .libpq(let result) = storage { PQclear(result) }
    }

    /// The row at `index` (0-based).
    public func row(_ index: Int) -> PostgresRow {
        PostgresRow(result: self, index: Int32(index))
    }

    /// Every row, in order.
    public var rows: [PostgresRow] {
        (0..<count).map(row)
    }

    /// The index of a column by name.
    ///
    /// - Throws: ``PostgresError/unknownColumn(name:available:)``.
    public func columnIndex(of name: String) throws -> Int32 {
        guard let index = columnIndex[name] else {
            throw PostgresError.unknownColumn(name: name, available: columns.map(\.name))
        }
        return index
    }

    /// The text form of a value; `nil` for NULL.
    func text(row: Int32, column: Int32) -> String? {
        switch storage {
        case .libpq(let result):
            guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else {
                return nil
            }
            let length = Int(PQgetlength(result, row, column))
            return value.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        case .values(let rows):
            return rows[Int(row)][Int(column)]
        }
    }

    /// Whether a value is NULL.
    func isNull(row: Int32, column: Int32) -> Bool {
        switch storage {
        case .libpq(let result): PQgetisnull(result, row, column) != 0
        case .values(let rows): rows[Int(row)][Int(column)] == nil
        }
    }

    private static func index(_ columns: [Column]) -> [String: Int32] {
        var index: [String: Int32] = [:]
        for (offset, column) in columns.enumerated() where index[column.name] == nil {
            index[column.name] = Int32(offset)
        }
        return index
    }
}
