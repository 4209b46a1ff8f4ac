/// `terms`: documents whose `field` holds any of `values`.
public struct TermsQuery: Sendable, Equatable {
    /// The field name.
    public var field: String
    /// The accepted values.
    public var values: [JSONValue]
    /// The relevance boost.
    public var boost: Double?

    /// Creates a terms query.
    public init(field: String, values: [JSONValue], boost: Double? = nil) {
        self.field = field
        self.values = values
        self.boost = boost
    }
}

extension TermsQuery {
    /// Decodes `{"f": ["a", "b"], "boost": 1.0}`.
    init(json: JSONValue) throws {
        let (field, body, topLevel) = try SingleFieldQuery.field(
            of: json, query: "terms", topLevel: ["boost"])
        guard case .array(let values) = body else {
            if case .object = body {
                throw ElasticsearchError.parsing("[terms] query does not support terms lookup on [\(field)]")
            }
            throw ElasticsearchError.parsing("[terms] query does not support [\(field)]")
        }
        for value in values {
            if case .array = value {
                throw ElasticsearchError.parsing("[terms] query does not support nested arrays")
            }
            if case .object = value {
                throw ElasticsearchError.parsing("[terms] query does not support objects as terms")
            }
        }
        var reader = JSONObjectReader(members: topLevel, name: "terms")
        self.init(field: field, values: values, boost: try reader.double("boost"))
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost([field: .array(values)], boost))
    }
}
