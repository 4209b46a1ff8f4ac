import PostgresKit
import SQLiteKit

/// A value bound to a statement parameter, in either database.
///
/// ```swift
/// try db.run("INSERT INTO territories (code, name, is_main) VALUES (?1, ?2, ?3)", ["KE", "Kenya", true])
/// ```
public enum DatabaseValue: Sendable, Equatable, Hashable {
    /// NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// Text (an ISO 8601 date too: PostgreSQL reads it as a `timestamptz` where the column is one).
    case text(String)
    /// A boolean (SQLite stores 1 or 0).
    case boolean(Bool)
    /// A double-precision number.
    case real(Double)

    /// The value as SQLite binds it.
    var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        case .boolean(let value): .integer(value ? 1 : 0)
        case .real(let number): .real(number)
        }
    }

    /// The value as PostgreSQL receives it.
    var postgresValue: PostgresValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        case .boolean(let value): .boolean(value)
        case .real(let number): .double(number)
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
}

/// A Swift value that can be bound as a ``DatabaseValue``.
public protocol DatabaseValueConvertible {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .boolean(self) }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
