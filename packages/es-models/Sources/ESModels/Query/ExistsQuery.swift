/// `exists`: documents where `field` has a non-null indexed value.
public struct ExistsQuery: Sendable, Equatable {
    /// The field name.
    public var field: String
    /// The relevance boost.
    public var boost: Double?

    /// Creates an exists query.
    public init(field: String, boost: Double? = nil) {
        self.field = field
        self.boost = boost
    }
}

extension ExistsQuery {
    /// Decodes `{"field": "f"}`.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "exists")
        guard let field = try reader.string("field") else {
            throw ElasticsearchError.parsing("[exists] must be provided with a [field]")
        }
        self.init(field: field, boost: try reader.double("boost"))
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost(["field": .string(field)], boost))
    }
}
