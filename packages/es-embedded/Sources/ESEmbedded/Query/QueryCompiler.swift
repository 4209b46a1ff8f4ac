import ESModels
import Foundation

/// Compiles queries against one index (a refreshed snapshot of it) into ``QueryNode``s, with
/// Elasticsearch's semantics for our query subset.
///
/// Queries on an unmapped field, or on a field whose values live in another level (a nested
/// field queried outside its `nested` query), match nothing, as in Elasticsearch. Values that
/// cannot be read for the field's type fail with `query_shard_exception` "failed to create
/// query: ...", as Elasticsearch's shards report them.
struct QueryCompiler {
    let shard: ShardData
    let lookup: MappingLookup
    let index: IndexIdentity
    /// The instant `now` stands for in date math (one per search, as Elasticsearch resolves it
    /// once on the coordinating node).
    let now: Date

    /// Compiles `query` for the documents of `level` (`""` for the root).
    func compile(_ query: Query, level: String) throws -> QueryNode {
        try compile(DSLQuery(query), level: level)
    }

    /// Compiles an engine query for the documents of `level`.
    func compile(_ query: DSLQuery, level: String) throws -> QueryNode {
        let data = shard.level(level) ?? IndexLevel()
        switch query {
        case .base(let base):
            switch base {
            case .matchAll(let boost):
                return .constant(.full(capacity: data.docCount), score: Float(boost ?? 1))
            case .matchNone:
                return .none(capacity: data.docCount)
            case .term(let term):
                return try compileTerm(term, data: data, level: level)
            case .terms(let terms):
                return try compileTerms(terms, data: data, level: level)
            case .range(let range):
                return try compileRange(range, data: data)
            case .exists(let exists):
                return compileExists(exists, data: data, level: level)
            case .ids(let ids):
                return compileIDs(ids.values, boost: Float(ids.boost ?? 1), data: data, level: level)
            case .match(let match):
                return try compileMatch(match, data: data, level: level)
            case .bool, .nested:
                return try compile(DSLQuery(base), level: level)
            case .multiMatch, .matchPhrase, .functionScore:
                // es-models' JSON of these is Elasticsearch's: the engine's own decoder reads it
                // (with its errors, should a value be one the engine cannot run).
                return try compile(DSLQuery(json: base.json), level: level)
            }
        case .bool(let bool):
            return try compileBool(bool, data: data, level: level)
        case .nested(let path, let inner, let scoreMode, let ignoreUnmapped, let boost, _):
            return try compileNested(
                path: path, query: inner, scoreMode: scoreMode, ignoreUnmapped: ignoreUnmapped, boost: boost,
                data: data, level: level)
        case .fullText(let fullText):
            return try compileFullText(fullText, data: data, level: level)
        case .multiMatch(let multi):
            return try compileMultiMatch(multi, data: data, level: level)
        case .prefix(let field, let value, let caseInsensitive, let boost):
            return try compilePrefix(
                field, value, caseInsensitive: caseInsensitive, boost: Float(boost ?? 1), data: data)
        case .wildcard(let field, let pattern, let caseInsensitive, let boost):
            return try compileWildcard(
                field, pattern, caseInsensitive: caseInsensitive, boost: Float(boost ?? 1), data: data)
        case .fieldsWildcard(let fields, let pattern):
            let nodes = try resolveFields(fields, data: data).map { field, fieldBoost in
                try compileWildcard(
                    field.path, pattern, caseInsensitive: false, boost: fieldBoost, data: data)
            }
            return Self.disMax(nodes, tieBreaker: 0, boost: 1, capacity: data.docCount)
        case .fuzzy(let field, let value, let fuzziness, let options, let boost):
            return try compileFuzzy(
                field, value, fuzziness: fuzziness, options: options, boost: Float(boost ?? 1), data: data)
        case .constantScore(let filter, let boost):
            return .constant(try compile(filter, level: level).matches, score: Float(boost ?? 1))
        case .disMax(let queries, let tieBreaker, let boost):
            let nodes = try queries.map { try compile($0, level: level) }
            return Self.disMax(
                nodes, tieBreaker: Float(tieBreaker), boost: Float(boost ?? 1), capacity: data.docCount)
        case .boosting(let positive, let negative, let negativeBoost, let boost):
            let positiveNode = try compile(positive, level: level)
            let negativeNode = try compile(negative, level: level)
            let factor = Float(negativeBoost)
            let outer = Float(boost ?? 1)
            return QueryNode(matches: positiveNode.matches, constantScore: nil) { doc in
                let score = positiveNode.score(doc) * outer
                return negativeNode.matches.contains(doc) ? score * factor : score
            }
        case .functionScore(let functionScore):
            return try compileFunctionScore(functionScore, data: data, level: level)
        case .knn(let knn):
            return try compileKnn(knn, data: data, level: level)
        case .rankFeature(let field, let function, let boost):
            return try compileRankFeature(field, function: function, boost: boost, data: data)
        case .scriptScore(let inner, let script, let minScore, let boost):
            return try compileScriptScore(
                inner, script: script, minScore: minScore, boost: boost, data: data, level: level)
        }
    }

    /// Lucene's `DisjunctionMaxQuery`: the best clause's score plus `tieBreaker` times the others'.
    static func disMax(_ nodes: [QueryNode], tieBreaker: Float, boost: Float, capacity: Int) -> QueryNode {
        guard !nodes.isEmpty else { return .none(capacity: capacity) }
        if nodes.count == 1, boost == 1 { return nodes[0] }
        var matches = DocSet(capacity: capacity)
        for node in nodes { matches.formUnion(node.matches) }
        return QueryNode(matches: matches, constantScore: nil) { doc in
            var best: Float = 0
            var total: Float = 0
            for node in nodes where node.matches.contains(doc) {
                let score = node.score(doc)
                best = max(best, score)
                total += score
            }
            return (best + (total - best) * tieBreaker) * boost
        }
    }

    // MARK: - Shared helpers

    /// The error of a query that cannot be built: `query_shard_exception` "failed to create
    /// query: <reason>" caused by `type`/`reason`.
    func failure(_ type: String, _ reason: String, causedBy: ErrorCause? = nil) -> ElasticsearchError {
        .failedToCreateQuery(ErrorCause(type: type, reason: reason, causedBy: causedBy), index: index)
    }

    /// Refuses a field that keeps nothing searchable (`index: false` on text, or with
    /// `doc_values: false`).
    func checkSearchable(_ field: MappingLookup.Field) throws {
        let hasDocValues = field.mapping.parameters["doc_values"]?.boolValue ?? true
        if !field.mapping.isIndexed && (field.kind == .text || !hasDocValues) {
            throw failure(
                "illegal_argument_exception",
                "Cannot search on field [\(field.path)] since it is not indexed.")
        }
    }

    /// The documents of `data` holding `term` in `column`, scored with BM25.
    func termNode(_ term: String, column: FieldColumn?, capacity: Int, boost: Float) -> QueryNode {
        guard let column, let postings = column.terms[term] else { return .none(capacity: capacity) }
        var matches = DocSet(capacity: capacity)
        matches.insert(contentsOf: postings.docs)
        let weight = boost * BM25.idf(docFreq: postings.count, docCount: column.docCount)
        guard column.kind == .text else {
            // No norms and a frequency of 1: every match scores the same.
            return .constant(
                matches, score: BM25.score(weight: weight, frequency: 1, length: nil, averageLength: 1))
        }
        let average = Float(column.averageLength)
        return QueryNode(matches: matches, constantScore: nil) { doc in
            BM25.score(
                weight: weight, frequency: postings.frequency(of: UInt32(doc)),
                length: column.length(of: doc),
                averageLength: average)
        }
    }

    /// The documents with a point in `lower...upper`, with a constant score.
    func pointsNode(lower: Int64, upper: Int64, column: FieldColumn?, capacity: Int, boost: Float)
        -> QueryNode
    {
        var matches = DocSet(capacity: capacity)
        column?.points.collect(lower: lower, upper: upper, into: &matches)
        return .constant(matches, score: boost)
    }

    /// Documents by `_id` (root level only).
    func compileIDs(_ ids: [String], boost: Float, data: IndexLevel, level: String) -> QueryNode {
        var matches = DocSet(capacity: data.docCount)
        if level.isEmpty {
            for id in ids {
                if let doc = shard.entry(id)?.doc { matches.insert(Int(doc)) }
            }
        }
        return .constant(matches, score: boost)
    }

    func compileExists(_ query: ExistsQuery, data: IndexLevel, level: String) -> QueryNode {
        let boost = Float(query.boost ?? 1)
        if query.field == "_id" || query.field == "_index" || query.field == "_source" {
            return .constant(
                level.isEmpty ? .full(capacity: data.docCount) : DocSet(capacity: data.docCount), score: boost
            )
        }
        var matches = DocSet(capacity: data.docCount)
        for field in lookup.valueFields(matching: query.field) {
            if let column = data.columns[field.path] { matches.formUnion(column.exists) }
        }
        return .constant(matches, score: boost)
    }
}
