import ESModels

/// A query of Elasticsearch's query DSL as the engine runs it: es-models' `Query`
/// and the types it has no case for (`multi_match`, `match_phrase`, `prefix`, `wildcard`,
/// `fuzzy`, `simple_query_string`, `query_string`, `constant_score`, `dis_max`, `boosting`,
/// `function_score`, `match` with `fuzziness`), at any depth of `bool` and `nested`.
///
/// ```swift
/// let query = try SearchQuery(json: ["multi_match": ["query": "heat", "fields": ["title^2", "body"]]])
/// var options = SearchOptions()
/// options.query = query
/// let result = try backend.search("assetflat", request: SearchRequest(), options: options)
/// ```
public struct SearchQuery: Sendable, Equatable {
    let node: DSLQuery

    /// The query es-models' `query` stands for.
    public init(_ query: Query) {
        node = DSLQuery(query)
    }

    /// Decodes a query as Elasticsearch does.
    ///
    /// - Throws: `ElasticsearchError` `parsing_exception` "unknown query [x]" for a
    ///   query type Elasticsearch does not have, and Elasticsearch's parse errors for malformed
    ///   bodies.
    public init(json: JSONValue) throws {
        node = try DSLQuery(json: json)
    }

    /// The query of a URI search's `q` (Lucene's query string syntax), with `df` and
    /// `default_operator`.
    ///
    /// - Throws: `illegal_argument_exception` for an unknown `default_operator`.
    public init(
        queryString: String, defaultField: String? = nil, defaultOperator: String? = nil, lenient: Bool? = nil
    )
        throws
    {
        let fields = defaultField.map { $0 == "*" ? [] : [MultiMatchPlan.fieldWithBoost($0)] } ?? []
        node = try QueryString.query(
            queryString, fields: fields, andDefault: QueryString.isAnd(defaultOperator), lenient: lenient)
    }

    /// The query as es-models' `Query` when it uses only the types es-models has.
    public var esModelsQuery: Query? { node.esModelsQuery }

    init(node: DSLQuery) {
        self.node = node
    }
}

/// The engine's query tree: es-models' leaves, and every compound or full-text type.
indirect enum DSLQuery: Sendable, Equatable {
    /// A leaf es-models decodes and the compiler already runs (`term`, `range`, `match`, ...).
    case base(Query)
    case bool(DSLBool)
    case nested(
        path: String, query: DSLQuery, scoreMode: NestedQuery.ScoreMode?, ignoreUnmapped: Bool,
        boost: Double?,
        innerHits: InnerHits? = nil)
    case fullText(FullTextQuery)
    case multiMatch(MultiMatchPlan)
    case prefix(field: String, value: String, caseInsensitive: Bool, boost: Double?)
    case wildcard(field: String, pattern: String, caseInsensitive: Bool, boost: Double?)
    /// A `query_string` wildcard term over several fields (patterns resolved per index).
    case fieldsWildcard(fields: [FieldBoost], pattern: String)
    case fuzzy(field: String, value: JSONValue, fuzziness: Fuzziness, options: FuzzyOptions, boost: Double?)
    case constantScore(filter: DSLQuery, boost: Double?)
    case disMax(queries: [DSLQuery], tieBreaker: Double, boost: Double?)
    case boosting(positive: DSLQuery, negative: DSLQuery, negativeBoost: Double, boost: Double?)
    case functionScore(FunctionScorePlan)
    /// A clause of the search's `knn` option (not a query clause of its own in the DSL).
    case knn(KnnSearch)
    /// `rank_feature`: the documents with a value of a `rank_feature` field (or one feature of
    /// a `rank_features` field), scored by a function of it.
    case rankFeature(field: String, function: RankFeatureFunction, boost: Double?)
    /// `script_score`: the inner query's matches, scored by a Painless script.
    case scriptScore(query: DSLQuery, script: Script, minScore: Double?, boost: Double?)

    init(_ query: Query) {
        switch query {
        case .bool(let bool):
            self = .bool(
                DSLBool(
                    must: bool.must.map(DSLQuery.init), filter: bool.filter.map(DSLQuery.init),
                    should: bool.should.map(DSLQuery.init), mustNot: bool.mustNot.map(DSLQuery.init),
                    minimumShouldMatch: bool.minimumShouldMatch, boost: bool.boost))
        case .nested(let nested):
            self = .nested(
                path: nested.path, query: DSLQuery(nested.query), scoreMode: nested.scoreMode,
                ignoreUnmapped: nested.ignoreUnmapped ?? false, boost: nested.boost)
        case .multiMatch, .matchPhrase, .functionScore:
            // The engine's decoder reads es-models' (Elasticsearch's) JSON of these; should it
            // refuse it, compiling the leaf reports the error.
            self = (try? DSLQuery(json: query.json)) ?? .base(query)
        default:
            self = .base(query)
        }
    }

    var esModelsQuery: Query? {
        switch self {
        case .base(let query): return query
        case .bool(let bool):
            guard let must = Self.all(bool.must), let filter = Self.all(bool.filter),
                let should = Self.all(bool.should), let mustNot = Self.all(bool.mustNot)
            else { return nil }
            return .bool(
                BoolQuery(
                    must: must, filter: filter, should: should, mustNot: mustNot,
                    minimumShouldMatch: bool.minimumShouldMatch, boost: bool.boost))
        case .nested(let path, let query, let scoreMode, let ignoreUnmapped, let boost, let innerHits):
            // es-models' query has no place for inner hits.
            guard innerHits == nil, let inner = query.esModelsQuery else { return nil }
            return .nested(
                NestedQuery(
                    path: path, query: inner, scoreMode: scoreMode,
                    ignoreUnmapped: ignoreUnmapped ? true : nil,
                    boost: boost))
        default: return nil
        }
    }

    private static func all(_ clauses: [DSLQuery]) -> [Query]? {
        var queries: [Query] = []
        for clause in clauses {
            guard let query = clause.esModelsQuery else { return nil }
            queries.append(query)
        }
        return queries
    }
}

/// `bool` over engine queries.
struct DSLBool: Sendable, Equatable {
    var must: [DSLQuery] = []
    var filter: [DSLQuery] = []
    var should: [DSLQuery] = []
    var mustNot: [DSLQuery] = []
    var minimumShouldMatch: MinimumShouldMatch?
    var boost: Double?

    /// As es-models' `BoolQuery.requiredShouldMatches`.
    var requiredShouldMatches: Int {
        if let minimumShouldMatch { return minimumShouldMatch.required(outOf: should.count) }
        return !should.isEmpty && must.isEmpty && filter.isEmpty ? 1 : 0
    }
}

/// The expansion settings of `fuzzy` (and of `match` with `fuzziness`).
struct FuzzyOptions: Sendable, Equatable {
    var prefixLength = 0
    var maxExpansions = 50
    var transpositions = true
}

/// `match`, `match_phrase`, `match_phrase_prefix` and `match_bool_prefix` on one field.
struct FullTextQuery: Sendable, Equatable {
    enum Kind: String, Sendable, Equatable {
        case match
        case phrase = "match_phrase"
        case phrasePrefix = "match_phrase_prefix"
        case boolPrefix = "match_bool_prefix"
    }

    var kind: Kind
    var field: String
    var text: JSONValue
    var `operator`: MatchQuery.Operator?
    var minimumShouldMatch: MinimumShouldMatch?
    var fuzziness: Fuzziness?
    var fuzzy = FuzzyOptions()
    var slop = 0
    var analyzer: String?
    /// `zero_terms_query: all`: a query without tokens matches everything.
    var zeroTermsAll = false
    var lenient = false
    var boost: Double?
}

/// How the engine runs `multi_match` (and each term of `query_string` and
/// `simple_query_string`): one full-text query per field, combined by `kind`. Not the DSL's
/// `multi_match` (es-models' `MultiMatchQuery`): its fields are parsed with their boosts, and
/// its per-field query is a template the compiler copies for each field.
struct MultiMatchPlan: Sendable, Equatable {
    enum Kind: String, Sendable, Equatable {
        case bestFields = "best_fields"
        case mostFields = "most_fields"
        case phrase
        case phrasePrefix = "phrase_prefix"
        case boolPrefix = "bool_prefix"
    }

    var kind: Kind
    /// Field names or patterns with their boosts (`title^2`); empty for `index.query.default_field` (`*`).
    var fields: [FieldBoost]
    /// The per-field query (its `field` is replaced by each field).
    var query: FullTextQuery
    var tieBreaker: Double?
    var boost: Double?

}

/// A field name or pattern with its boost (`title^2`).
struct FieldBoost: Sendable, Equatable {
    var name: String
    var boost: Double
}

/// How the engine runs `function_score`: its inner queries in the engine's tree and every
/// default resolved (`multiply`, no `max_boost` cap, `decay` 0.5, `multi_value_mode` `min`).
/// Not the DSL's `function_score` (es-models' `FunctionScoreQuery`), whose queries are
/// es-models' and which leaves unset what the body leaves out.
struct FunctionScorePlan: Sendable, Equatable {
    /// A function with its defaults resolved; the vocabularies (modifier, curve) are es-models'.
    enum Function: Sendable, Equatable {
        case weight
        case fieldValueFactor(
            field: String, factor: Double, modifier: FieldValueFactor.Modifier, missing: Double?)
        case decay(
            kind: DecayFunction.Shape, field: String, origin: JSONValue?, scale: JSONValue,
            offset: JSONValue?,
            decay: Double, multiValueMode: String)

        /// The function's name in the DSL (`weight`, `field_value_factor`, `gauss`, ...), as
        /// Elasticsearch's errors name it.
        var name: String {
            switch self {
            case .weight: "weight"
            case .fieldValueFactor: "field_value_factor"
            case .decay(let kind, _, _, _, _, _, _): kind.rawValue
            }
        }
    }
    struct Scored: Sendable, Equatable {
        var filter: DSLQuery?
        var function: Function
        var weight: Double?
    }

    var query: DSLQuery
    var functions: [Scored]
    var scoreMode: FunctionScoreQuery.ScoreMode = .multiply
    var boostMode: FunctionScoreQuery.BoostMode = .multiply
    var maxBoost: Double = .greatestFiniteMagnitude
    var minScore: Double?
    var boost: Double?
}

/// The score function of a `rank_feature` query.
enum RankFeatureFunction: Sendable, Equatable {
    /// `S / (S + pivot)`; without a pivot, the geometric mean of the field's values.
    case saturation(pivot: Double?)
    /// `log(scaling_factor + S)`.
    case log(scalingFactor: Double)
    /// `S^exponent / (S^exponent + pivot^exponent)`.
    case sigmoid(pivot: Double, exponent: Double)
    /// `S`.
    case linear
}
