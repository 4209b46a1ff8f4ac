import ESModels

/// Writes a document's `_source` as compact JSON text (``JSONText``), once, when the document is
/// stored: answers that return the whole `_source` copy this text as it is.
///
/// Unlike `JSONValue.compactBytes` it keeps object members in the order the value
/// holds them instead of sorting them: sorting every object of every document would cost more
/// than the rest of storing it, and Elasticsearch too answers a `_source` as it was stored, not
/// sorted.
enum SourceWriter {
    /// The text an index keeps for `value`, in an array of its own length (every document
    /// keeps one: growing an array while writing would leave up to half of it unused).
    static func storedText(_ value: JSONValue) -> [UInt8] {
        JSONText.bytes(value)
    }

    /// `value` as it reads back from its bytes: a non-finite number, which JSON cannot hold, is
    /// written as `null`. An engine keeps this value, so that a document's `_source` is the
    /// same before and after a restart.
    static func normalized(_ value: JSONValue) -> JSONValue {
        guard hasNonFiniteNumber(value) else { return value }
        switch value {
        case .double(let number) where !number.isFinite: return .null
        case .array(let elements): return .array(elements.map(normalized))
        case .object(let members): return .object(members.mapValues(normalized))
        default: return value
        }
    }

    private static func hasNonFiniteNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): !number.isFinite
        case .array(let elements): elements.contains(where: hasNonFiniteNumber)
        case .object(let members): members.values.contains(where: hasNonFiniteNumber)
        case .null, .bool, .int, .string: false
        }
    }
}
