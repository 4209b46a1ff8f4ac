/// The type of a result column, by the server's type OID, as far as reading needs to know it.
public struct PostgresType: Sendable, Hashable, CustomStringConvertible {
    /// The type's OID (`pg_type.oid`).
    public var oid: UInt32

    /// Creates a type from its OID.
    public init(oid: UInt32) {
        self.oid = oid
    }

    public static let boolean = PostgresType(oid: 16)
    public static let bigint = PostgresType(oid: 20)
    public static let smallint = PostgresType(oid: 21)
    public static let integer = PostgresType(oid: 23)
    public static let text = PostgresType(oid: 25)
    public static let real = PostgresType(oid: 700)
    public static let doublePrecision = PostgresType(oid: 701)
    public static let varchar = PostgresType(oid: 1043)
    public static let timestamp = PostgresType(oid: 1114)
    public static let timestamptz = PostgresType(oid: 1184)
    public static let numeric = PostgresType(oid: 1700)

    /// Types whose text form is the value itself (`text`, `varchar`, `char(n)`, `name`, `uuid`,
    /// `json`, `jsonb`, an untyped literal).
    public var isTextual: Bool {
        [25, 1043, 1042, 19, 18, 2950, 114, 3802, 705].contains(oid)
    }

    /// The integer types.
    public var isInteger: Bool { [20, 21, 23, 26].contains(oid) }

    /// Types read as a `Double`: integers, `real`, `double precision`, `numeric`.
    public var isNumeric: Bool { isInteger || [700, 701, 1700].contains(oid) }

    public var description: String {
        switch oid {
        case 16: "boolean"
        case 20: "bigint"
        case 21: "smallint"
        case 23: "integer"
        case 25: "text"
        case 700: "real"
        case 701: "double precision"
        case 1043: "varchar"
        case 1114: "timestamp"
        case 1184: "timestamptz"
        case 1700: "numeric"
        case 2950: "uuid"
        case 3802: "jsonb"
        case 114: "json"
        default: "type \(oid)"
        }
    }
}
