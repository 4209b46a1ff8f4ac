/// A parameter value, sent to the server in PostgreSQL's text form; the server reads it as the
/// type the statement gives the parameter (`$1` compared with a `timestamptz` column is a
/// timestamp).
///
/// ```swift
/// let values: [PostgresValue] = ["KE", 1, true, nil]
/// ```
public enum PostgresValue: Sendable, Equatable, Hashable {
    /// NULL.
    case null
    /// Text.
    case text(String)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A boolean.
    case boolean(Bool)
    /// A double-precision number.
    case double(Double)

    /// The text form the server parses (`nil` for NULL).
    public var textForm: String? {
        switch self {
        case .null: nil
        case .text(let text): text
        case .integer(let number): String(number)
        case .boolean(let value): value ? "t" : "f"
        case .double(let number): "\(number)"
        }
    }
}

extension PostgresValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}
