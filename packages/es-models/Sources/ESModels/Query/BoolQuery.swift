/// `bool`: a boolean combination of queries.
///
/// `must` and `filter` clauses must all match (`filter` without scoring); `must_not` must
/// not match; `should` clauses add score and, when there is no `must` or `filter` clause
/// (or `minimum_should_match` is set), at least that many must match.
public struct BoolQuery: Sendable, Equatable {
    /// Clauses that must match and score.
    public var must: [Query]
    /// Clauses that must match, without scoring.
    public var filter: [Query]
    /// Clauses that should match.
    public var should: [Query]
    /// Clauses that must not match.
    public var mustNot: [Query]
    /// How many `should` clauses must match.
    public var minimumShouldMatch: MinimumShouldMatch?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a bool query.
    public init(
        must: [Query] = [], filter: [Query] = [], should: [Query] = [], mustNot: [Query] = [],
        minimumShouldMatch: MinimumShouldMatch? = nil, boost: Double? = nil
    ) {
        self.must = must
        self.filter = filter
        self.should = should
        self.mustNot = mustNot
        self.minimumShouldMatch = minimumShouldMatch
        self.boost = boost
    }

    /// How many `should` clauses a document must match, as Elasticsearch decides it: the
    /// explicit ``minimumShouldMatch`` resolved against the number of `should` clauses, or,
    /// when unset, 1 if there are `should` clauses and no `must`/`filter` clause, else 0.
    public var requiredShouldMatches: Int {
        if let minimumShouldMatch {
            return minimumShouldMatch.required(outOf: should.count)
        }
        return !should.isEmpty && must.isEmpty && filter.isEmpty ? 1 : 0
    }
}

extension BoolQuery {
    /// Decodes `{"must": ..., "filter": ..., "should": ..., "must_not": ...,
    /// "minimum_should_match": ..., "boost": ...}`; each clause list may be one query or an
    /// array.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "bool")
        self.init(
            must: try Self.clauses(reader.value("must"), name: "must"),
            filter: try Self.clauses(reader.value("filter"), name: "filter"),
            should: try Self.clauses(reader.value("should"), name: "should"),
            mustNot: try Self.clauses(reader.value("must_not"), name: "must_not"))
        if let spec = reader.value("minimum_should_match"), !spec.isNull {
            minimumShouldMatch = try MinimumShouldMatch(json: spec, context: "bool")
        }
        boost = try reader.double("boost")
        _ = try reader.bool("adjust_pure_negative")
        try reader.rejectUnknownQueryFields()
    }

    private static func clauses(_ value: JSONValue?, name: String) throws -> [Query] {
        switch value {
        case nil, .null?: return []
        case .object?: return [try Query(json: value ?? .null)]
        case .array(let elements)?: return try elements.map(Query.init(json:))
        case let other?:
            throw ElasticsearchError.parsing(
                "[bool] query does not support [\(name)] of type [\(other.tokenName)]")
        }
    }

    var json: JSONValue {
        var body: [String: JSONValue] = [:]
        if !must.isEmpty { body["must"] = .array(must.map(\.json)) }
        if !filter.isEmpty { body["filter"] = .array(filter.map(\.json)) }
        if !should.isEmpty { body["should"] = .array(should.map(\.json)) }
        if !mustNot.isEmpty { body["must_not"] = .array(mustNot.map(\.json)) }
        body["minimum_should_match"] = minimumShouldMatch?.json
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}
