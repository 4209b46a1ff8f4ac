/// `nested`: runs `query` against each object of the nested field at `path`; a document
/// matches when one of its objects does.
public struct NestedQuery: Sendable, Equatable {
    /// How the scores of matching objects combine into the document's score.
    public enum ScoreMode: String, Sendable, Equatable, CaseIterable {
        case avg, max, min, none, sum
    }

    /// The path of the nested field.
    public var path: String
    /// The query on the nested objects (field names are full paths: `path.field`).
    public var query: Query
    /// How scores combine (`avg` when unset).
    public var scoreMode: ScoreMode?
    /// Whether an unmapped `path` matches nothing instead of failing.
    public var ignoreUnmapped: Bool?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a nested query.
    public init(
        path: String, query: Query, scoreMode: ScoreMode? = nil, ignoreUnmapped: Bool? = nil,
        boost: Double? = nil
    ) {
        self.path = path
        self.query = query
        self.scoreMode = scoreMode
        self.ignoreUnmapped = ignoreUnmapped
        self.boost = boost
    }
}

extension NestedQuery {
    /// Decodes `{"path": "p", "query": {...}, "score_mode": "avg", "ignore_unmapped": false}`.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "nested")
        guard let query = reader.value("query") else {
            throw ElasticsearchError.parsing("[nested] requires 'query' field")
        }
        guard let path = try reader.string("path") else {
            throw ElasticsearchError.parsing("[nested] requires 'path' field")
        }
        self.init(path: path, query: try Query(json: query))
        if let mode = try reader.string("score_mode") {
            guard let parsed = ScoreMode(rawValue: mode) else {
                throw ElasticsearchError.illegalArgument("No score mode for child query [\(mode)] found")
            }
            scoreMode = parsed
        }
        ignoreUnmapped = try reader.bool("ignore_unmapped")
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        var body: [String: JSONValue] = ["path": .string(path), "query": query.json]
        body["score_mode"] = scoreMode.map { .string($0.rawValue) }
        body["ignore_unmapped"] = ignoreUnmapped.map(JSONValue.bool)
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}
