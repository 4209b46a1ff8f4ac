/// `ids`: documents whose `_id` is one of `values`.
public struct IdsQuery: Sendable, Equatable {
    /// The document ids.
    public var values: [String]
    /// The relevance boost.
    public var boost: Double?

    /// Creates an ids query.
    public init(values: [String], boost: Double? = nil) {
        self.values = values
        self.boost = boost
    }
}

extension IdsQuery {
    /// Decodes `{"values": ["1", "2"]}` (numbers are accepted as ids, as Elasticsearch does).
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "ids")
        var ids: [String] = []
        if let values = reader.value("values") {
            guard case .array(let elements) = values else {
                throw reader.mistyped("values", expected: "an array", found: values)
            }
            ids = try elements.map { element in
                switch element {
                case .string(let text): return text
                case .int, .double: return element.compactString
                default: throw reader.mistyped("values", expected: "an array of ids", found: element)
                }
            }
        }
        self.init(values: ids, boost: try reader.double("boost"))
        try reader.rejectUnknownFields()
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost(["values": .array(values.map(JSONValue.string))], boost))
    }
}
