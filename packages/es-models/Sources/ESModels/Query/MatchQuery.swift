/// `match`: full-text search of `query` in `field`, analyzed with the field's analyzer.
public struct MatchQuery: Sendable, Equatable {
    /// How the analyzed terms combine.
    public enum Operator: String, Sendable, Equatable, CaseIterable {
        /// Any term matches (the default).
        case or
        /// Every term must match.
        case and
    }

    /// The field name.
    public var field: String
    /// The text (or number, boolean) to match.
    public var query: JSONValue
    /// How terms combine (`or` when unset).
    public var `operator`: Operator?
    /// How many terms must match, with `or`.
    public var minimumShouldMatch: MinimumShouldMatch?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a match query.
    public init(
        field: String, query: JSONValue, operator: Operator? = nil,
        minimumShouldMatch: MinimumShouldMatch? = nil,
        boost: Double? = nil
    ) {
        self.field = field
        self.query = query
        self.operator = `operator`
        self.minimumShouldMatch = minimumShouldMatch
        self.boost = boost
    }
}

extension MatchQuery {
    /// Decodes `{"f": "text"}` or `{"f": {"query": "text", "operator": "and", ...}}`.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "match")
        guard case .object = body else {
            self.init(field: field, query: try SingleFieldQuery.scalar(body, query: "match"))
            return
        }
        var reader = try JSONObjectReader(body, name: "match")
        guard let text = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for text query")
        }
        self.init(field: field, query: try SingleFieldQuery.scalar(text, query: "match"))
        if let op = try reader.string("operator") {
            guard let parsed = Operator(rawValue: op.lowercased()) else {
                throw ElasticsearchError.illegalArgument("No enum constant for [operator]: [\(op)]")
            }
            self.operator = parsed
        }
        if let spec = reader.value("minimum_should_match") {
            minimumShouldMatch = try MinimumShouldMatch(json: spec, context: "match")
        }
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        guard self.operator != nil || minimumShouldMatch != nil || boost != nil else { return [field: query] }
        var body: [String: JSONValue] = ["query": query]
        body["operator"] = self.operator.map { .string($0.rawValue) }
        body["minimum_should_match"] = minimumShouldMatch?.json
        return [field: .object(SingleFieldQuery.withBoost(body, boost))]
    }
}
