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
