/// A JSON value: the common currency for documents, `_source`, settings and any JSON that
/// has no typed model.
///
/// Numbers keep the distinction JSON text makes: `1` is ``int(_:)`` and `1.0` or `1e3` is
/// ``double(_:)``, so a value parsed and written again keeps its spelling. Objects are
/// unordered; every writer sorts their keys so output is stable.
///
/// ```swift
/// let doc: JSONValue = ["uuid": "a-1", "titles": ["en": "Heat"], "year": 1995]
/// doc["titles"]?["en"]?.stringValue  // "Heat"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// A JSON number written without fraction or exponent that fits in 64 bits.
    case int(Int)
    /// Any other JSON number.
    case double(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The name Elasticsearch's parser gives this kind of token, used in error reasons
    /// (`VALUE_STRING`, `START_OBJECT`, ...).
    public var tokenName: String {
        switch self {
        case .null: "VALUE_NULL"
        case .bool: "VALUE_BOOLEAN"
        case .int, .double: "VALUE_NUMBER"
        case .string: "VALUE_STRING"
        case .array: "START_ARRAY"
        case .object: "START_OBJECT"
        }
    }

    /// A lower-case name of the kind of value (`string`, `object`, ...), for messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
