/// `match_phrase`: the analysed terms of `query` in `field`, in order, at most `slop` moves apart.
public struct MatchPhraseQuery: Sendable, Equatable {
    /// The field name.
    public var field: String
    /// The phrase.
    public var query: JSONValue
    /// How many position moves the phrase tolerates (0 when unset).
    public var slop: Int?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a phrase query.
    public init(field: String, query: JSONValue, slop: Int? = nil, boost: Double? = nil) {
        self.field = field
        self.query = query
        self.slop = slop
        self.boost = boost
    }
}

extension MatchPhraseQuery {
    /// Decodes `{"f": "text"}` or `{"f": {"query": "text", "slop": 1, "boost": 2}}`.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "match_phrase")
        guard case .object = body else {
            self.init(field: field, query: try SingleFieldQuery.scalar(body, query: "match_phrase"))
            return
        }
        var reader = try JSONObjectReader(body, name: "match_phrase")
        guard let text = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for text query")
        }
        self.init(
            field: field, query: try SingleFieldQuery.scalar(text, query: "match_phrase"),
            slop: try reader.int("slop"), boost: try reader.double("boost"))
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        guard slop != nil || boost != nil else { return [field: query] }
        var body: [String: JSONValue] = ["query": query]
        body["slop"] = slop.map(JSONValue.int)
        return [field: .object(SingleFieldQuery.withBoost(body, boost))]
    }
}
