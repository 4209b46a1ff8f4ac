import ESModels

extension QueryCompiler {
    /// A `knn` clause, searched exactly: every live document the filter matches is compared
    /// with the query vector, and the `k` most similar (above `similarity`, when given) match,
    /// scored by the field's similarity times `boost`.
    ///
    /// - Throws: `illegal_argument_exception` for a field that is not a `dense_vector`, or a
    ///   query vector of another length than the field's `dims`.
    func compileKnn(_ knn: KnnSearch, k defaultK: Int = 10, data: IndexLevel, level: String) throws
        -> QueryNode
    {
        guard let field = lookup.field(knn.field) else { return .none(capacity: data.docCount) }
        guard field.type == .denseVector else {
            throw ElasticsearchError.illegalArgument(
                "[knn] queries are only supported on [dense_vector] fields; field [\(knn.field)] is of type [\(field.type)]"
            )
        }
        if let dims = field.mapping.parameters["dims"]?.intValue, dims != knn.queryVector.count {
            throw ElasticsearchError.illegalArgument(
                "The query vector has a different number of dimensions [\(knn.queryVector.count)] than the document vectors [\(dims)]."
            )
        }
        let similarity = DenseVector.Similarity(field.mapping)
        var candidates = DocSet.full(capacity: data.docCount)
        candidates.formIntersection(shard.live)
        for filter in knn.filter { candidates.formIntersection(try compile(filter, level: level).matches) }
        let path = knn.field.split(separator: ".").map(String.init)
        var scored: [(doc: Int, score: Double)] = []
        for doc in candidates {
            guard let value = Self.value(at: path, in: shard.source(doc, along: knn.field)),
                let vector = DenseVector.numbers(value),
                vector.count == knn.queryVector.count
            else { continue }
            let score = similarity.score(knn.queryVector, vector)
            if let least = knn.similarity, score < least { continue }
            scored.append((doc, score))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.doc < $1.doc }
        let boost = knn.boost ?? 1
        var matches = DocSet(capacity: data.docCount)
        var scores: [Int: Float] = [:]
        for (doc, score) in scored.prefix(knn.k ?? defaultK) {
            matches.insert(doc)
            scores[doc] = Float(score * boost)
        }
        return QueryNode(matches: matches, constantScore: nil) { scores[$0] ?? 0 }
    }

    /// The value at a dotted path of a `_source` (objects nested or keys with dots).
    static func value(at path: [String], in source: JSONValue) -> JSONValue? {
        guard let first = path.first, case .object(let members) = source else { return nil }
        if path.count == 1 { return members[first] }
        if let whole = members[path.joined(separator: ".")] { return whole }
        if let inner = members[first], let found = value(at: Array(path.dropFirst()), in: inner) {
            return found
        }
        return nil
    }
}
