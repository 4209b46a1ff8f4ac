/// One clause of a search's `knn` option: the `k` documents whose `dense_vector` field is
/// most similar to `queryVector`, among those `filter` matches.
///
/// ```swift
/// let knn = KnnSearch(field: "embedding", queryVector: [0.1, 0.2, 0.3], k: 5)
/// ```
public struct KnnSearch: Sendable, Equatable {
    /// The `dense_vector` field.
    public var field: String
    /// The vector to compare with.
    public var queryVector: [Double]
    /// How many nearest documents it contributes (the search's `size` when absent).
    public var k: Int?
    /// How many candidates to consider per shard (an exact search considers every document).
    public var numCandidates: Int?
    /// Only documents these queries match are candidates.
    public var filter: [Query]
    /// The least similarity a document must have to be kept.
    public var similarity: Double?
    /// The factor applied to the similarity score.
    public var boost: Double?

    /// Creates a clause.
    public init(
        field: String, queryVector: [Double], k: Int? = nil, numCandidates: Int? = nil, filter: [Query] = [],
        similarity: Double? = nil, boost: Double? = nil
    ) {
        self.field = field
        self.queryVector = queryVector
        self.k = k
        self.numCandidates = numCandidates
        self.filter = filter
        self.similarity = similarity
        self.boost = boost
    }
}

extension KnnSearch {
    /// Decodes `knn`: one clause or an array of clauses.
    ///
    /// - Throws: the errors Elasticsearch gives for a malformed clause (`x_content_parse_exception`,
    ///   `illegal_argument_exception` for `k` and `num_candidates` out of range).
    public static func list(json: JSONValue) throws -> [KnnSearch] {
        switch json {
        case .array(let items): return try items.map(KnnSearch.init(json:))
        default: return [try KnnSearch(json: json)]
        }
    }

    /// Decodes one clause.
    public init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.xContentParse("[knn] knn search must be an object")
        }
        let known: Set<String> = [
            "field", "query_vector", "k", "num_candidates", "filter", "similarity", "boost",
            "query_vector_builder",
            "inner_hits", "_name", "rescore_vector",
        ]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw ElasticsearchError.xContentParse("[knn] unknown field [\(unknown)]")
        }
        if members["query_vector_builder"] != nil {
            throw ElasticsearchError.illegalArgument(
                "[query_vector_builder] needs a deployed inference model, which es-embedded has not: give [query_vector]"
            )
        }
        guard let field = members["field"]?.stringValue else {
            throw ElasticsearchError.xContentParse("[knn] failed to parse field [field]: Required [field]")
        }
        guard case .array(let vector)? = members["query_vector"] else {
            throw ElasticsearchError.illegalArgument(
                "either [query_vector] or [query_vector_builder] must be provided")
        }
        let numbers = vector.compactMap { $0.doubleValue ?? $0.intValue.map(Double.init) }
        guard numbers.count == vector.count else {
            throw ElasticsearchError.xContentParse("[knn] failed to parse field [query_vector]")
        }
        func integer(_ key: String) throws -> Int? {
            guard let value = members[key], !value.isNull else { return nil }
            guard let number = value.intValue else {
                throw ElasticsearchError.xContentParse("[knn] failed to parse field [\(key)]")
            }
            return number
        }
        let k = try integer("k")
        let candidates = try integer("num_candidates")
        if let k, k < 1 { throw ElasticsearchError.illegalArgument("[k] must be greater than 0") }
        if let candidates, candidates > 10_000 {
            throw ElasticsearchError.illegalArgument("[num_candidates] cannot exceed [10000]")
        }
        if let k, let candidates, candidates < k {
            throw ElasticsearchError.illegalArgument("[num_candidates] cannot be less than [k]")
        }
        var filter: [Query] = []
        switch members["filter"] {
        case .array(let queries)?: filter = try queries.map(Query.init(json:))
        case nil, .null?: break
        case let query?: filter = [try Query(json: query)]
        }
        self.init(
            field: field, queryVector: numbers, k: k, numCandidates: candidates, filter: filter,
            similarity: members["similarity"]?.doubleValue
                ?? members["similarity"]?.intValue.map(Double.init),
            boost: members["boost"]?.doubleValue ?? members["boost"]?.intValue.map(Double.init))
    }
}
