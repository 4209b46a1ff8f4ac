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
