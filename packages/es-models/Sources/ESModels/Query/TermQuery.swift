/// `term`: documents whose `field` holds exactly `value` (not analyzed).
public struct TermQuery: Sendable, Equatable {
    /// The field name (dotted for object fields).
    public var field: String
    /// The exact value: a string, number or boolean.
    public var value: JSONValue
    /// The relevance boost (1.0 when unset).
    public var boost: Double?
    /// Whether to match ASCII case-insensitively (`case_insensitive`).
    public var caseInsensitive: Bool?

    /// Creates a term query.
    public init(field: String, value: JSONValue, boost: Double? = nil, caseInsensitive: Bool? = nil) {
        self.field = field
        self.value = value
        self.boost = boost
        self.caseInsensitive = caseInsensitive
    }
}

extension TermQuery {
    /// Decodes `{"f": "v"}` or `{"f": {"value": "v", "boost": 2, "case_insensitive": true}}`.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "term")
        guard case .object = body else {
            self.init(field: field, value: try SingleFieldQuery.scalar(body, query: "term"))
            return
        }
        var reader = try JSONObjectReader(body, name: "term")
        guard let value = reader.value("value") ?? reader.value("term") else {
            throw ElasticsearchError.parsing("[term] query requires a [value] for field [\(field)]")
        }
        self.init(
            field: field, value: try SingleFieldQuery.scalar(value, query: "term"),
            boost: try reader.double("boost"),
            caseInsensitive: try reader.bool("case_insensitive"))
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        guard boost != nil || caseInsensitive != nil else { return [field: value] }
        var body = SingleFieldQuery.withBoost(["value": value], boost)
        if let caseInsensitive { body["case_insensitive"] = .bool(caseInsensitive) }
        return [field: .object(body)]
    }
}
