import Foundation

/// How one table contributes to records: a query whose first column is the owning record's id,
/// and how a row updates that record.
///
/// The query is kept in parts (`SELECT ... FROM ...`, the key expression, the order) so that the
/// readers can ask for the rows three ways: the main table keyset-paginated (`key > ?1 ORDER BY
/// key LIMIT ?2`), a batch's child rows by range (`key BETWEEN ?1 AND ?2`), and the rows of a
/// list of keys (the change feed's).
public struct RecordQuery<Record: NormalizedRecord>: Sendable {
    /// The table's name, for problem reports.
    public var table: String
    /// `SELECT <id>, ... FROM ... [JOIN ...]`, without `WHERE` or `ORDER BY`.
    public var select: String
    /// The expression of the owning record's id (`asset_uuid`, `w.asset_uuid`).
    public var key: String
    /// The order of the rows (`asset_uuid, language_code`).
    public var order: String
    /// Updates the record from one row.
    public var apply: @Sendable (inout Record, any DatabaseRow) throws -> Void

    /// Creates a query.
    public init(
        table: String, select: String, key: String, order: String? = nil,
        apply: @escaping @Sendable (inout Record, any DatabaseRow) throws -> Void
    ) {
        self.table = table
        self.select = select
        self.key = key
        self.order = order ?? key
        self.apply = apply
    }

    /// The main table's next page: rows after key `?1`, at most `?2`.
    public var pageSQL: String {
        "\(select) WHERE \(key) > ?1 ORDER BY \(order) LIMIT ?2"
    }

    /// The rows of the records whose ids lie between `?1` and `?2`.
    public var rangeSQL: String {
        "\(select) WHERE \(key) BETWEEN ?1 AND ?2 ORDER BY \(order)"
    }

    /// The rows of the records whose ids are in the list `?1` (``KeyList/encode(_:for:)``).
    public func listSQL(for dialect: SQLDialect) -> String {
        "\(select) WHERE \(KeyList.condition(key, for: dialect)) ORDER BY \(order)"
    }
}

/// A list of ids bound as one parameter: a JSON array read with `json_each` on SQLite, a text
/// array on PostgreSQL (where `= ANY` is served by the key's index).
public enum KeyList {
    /// `key` is one of the list bound to `?1`.
    public static func condition(_ key: String, for dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: "\(key) IN (SELECT value FROM json_each(?1))"
        case .postgres: "\(key) = ANY (CAST(?1 AS text[]))"
        }
    }

    /// The parameter holding `keys`.
    public static func encode(_ keys: [String], for dialect: SQLDialect) -> DatabaseValue {
        switch dialect {
        case .sqlite: .text("[" + keys.map { quoted($0, json: true) }.joined(separator: ",") + "]")
        case .postgres: .text("{" + keys.map { quoted($0, json: false) }.joined(separator: ",") + "}")
        }
    }

    private static func quoted(_ text: String, json: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n" where json: result += "\\n"
            case "\r" where json: result += "\\r"
            case "\t" where json: result += "\\t"
            default:
                if json, scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
