import ESModels

extension QueryCompiler {
    /// `bool`: must and filter intersect, must_not subtracts, should clauses must match at
    /// least `minimum_should_match` times. Without must/filter, at least one should clause
    /// must match whatever the minimum says (Lucene's rule for a query with no required
    /// clause); a bool with only must_not matches every other document.
    func compileBool(_ query: DSLBool, data: IndexLevel, level: String) throws -> QueryNode {
        let capacity = data.docCount
        let must = try query.must.map { try compile($0, level: level) }
        // Ranges in filter context are checked on the documents the other clauses leave
        // (reading doc values) when that is cheaper than collecting every document in range.
        var filter: [QueryNode] = []
        var ranges: [PointRange] = []
        for clause in query.filter {
            if case .base(.range(let range)) = clause, let points = try pointRange(range, data: data) {
                ranges.append(points)
            } else {
                filter.append(try compile(clause, level: level))
            }
        }
        let should = try query.should.map { try compile($0, level: level) }
        let mustNot = try query.mustNot.map { try compile($0, level: level) }
        var matches = DocSet.full(capacity: capacity)
        for clause in must + filter { matches.formIntersection(clause.matches) }
        for clause in mustNot { matches.subtract(clause.matches) }
        var required = query.requiredShouldMatches
        if must.isEmpty && filter.isEmpty && ranges.isEmpty && !should.isEmpty { required = max(required, 1) }
        if required > 0 {
            matches.formIntersection(
                Self.atLeast(required, of: should.map { $0.matches }, capacity: capacity))
        }
        for range in ranges.sorted(by: { Self.size($0) < Self.size($1) }) {
            if matches.count < Self.size(range) {
                for doc in matches where !range.contains(doc) { matches.remove(doc) }
            } else {
                var collected = DocSet(capacity: capacity)
                range.column?.points.collect(lower: range.lower, upper: range.upper, into: &collected)
                matches.formIntersection(collected)
            }
        }
        let boost = Float(query.boost ?? 1)
        if should.isEmpty, must.allSatisfy({ $0.constantScore != nil }) {
            let total = must.reduce(Float(0)) { $0 + ($1.constantScore ?? 0) }
            return .constant(matches, score: total * boost)
        }
        return QueryNode(matches: matches, constantScore: nil) { doc in
            var total: Float = 0
            for clause in must { total += clause.score(doc) }
            for clause in should where clause.matches.contains(doc) { total += clause.score(doc) }
            return total * boost
        }
    }

    /// `nested`: the query runs on the objects of the nested field; a document matches when
    /// one of its objects does, scored by `score_mode` (`avg` by default).
    ///
    /// A path that is not a nested field fails as Elasticsearch fails it: `query_shard_exception`
    /// "failed to create query: [nested] failed to find nested object under path [p]"
    /// (unless `ignore_unmapped`).
    func compileNested(
        path: String, query: DSLQuery, scoreMode: NestedQuery.ScoreMode?, ignoreUnmapped: Bool,
        boost: Double?,
        data: IndexLevel, level: String
    ) throws -> QueryNode {
        let capacity = data.docCount
        guard lookup.isNested(path) else {
            if ignoreUnmapped { return .none(capacity: capacity) }
            let reason =
                lookup.field(path)?.type == .object
                ? "[nested] nested object under path [\(path)] is not of nested type"
                : "[nested] failed to find nested object under path [\(path)]"
            throw failure("illegal_state_exception", reason)
        }
        let child = try compile(query, level: path)
        let chain = parentChain(from: path, to: level)
        var matches = DocSet(capacity: capacity)
        guard let chain else { return .none(capacity: capacity) }
        for doc in child.matches { matches.insert(Int(mapUp(doc, through: chain))) }
        let boost = Float(boost ?? 1)
        let mode = scoreMode ?? .avg
        if mode == .none { return .constant(matches, score: 0) }
        if let constant = child.constantScore, mode != .sum {
            return .constant(matches, score: constant * boost)
        }
        let scores = LazyNestedScores(child: child, chain: chain, mapUp: mapUp, mode: mode)
        return QueryNode(matches: matches, constantScore: nil) { doc in
            scores.score(of: doc) * boost
        }
    }

    private static func size(_ range: PointRange) -> Int {
        range.column?.points.count(lower: range.lower, upper: range.upper) ?? 0
    }

    /// The parents arrays to follow from documents of nested level `path` up to `level`;
    /// `nil` when `path` is not below `level`.
    private func parentChain(from path: String, to level: String) -> [[UInt32]]? {
        var chain: [[UInt32]] = []
        var current = path
        while current != level {
            guard let parent = lookup.nestedParents[current] else { return nil }
            chain.append(shard.level(current)?.parents ?? [])
            current = parent
        }
        return chain
    }

    private func mapUp(_ doc: Int, through chain: [[UInt32]]) -> UInt32 {
        var current = UInt32(doc)
        for parents in chain { current = parents[Int(current)] }
        return current
    }
}

/// Per-parent scores of a nested query, computed on first use (only when a search sorts by
/// score).
private final class LazyNestedScores {
    private let child: QueryNode
    private let chain: [[UInt32]]
    private let mapUp: (Int, [[UInt32]]) -> UInt32
    private let mode: NestedQuery.ScoreMode
    private var computed: [UInt32: Float]?

    init(
        child: QueryNode, chain: [[UInt32]], mapUp: @escaping (Int, [[UInt32]]) -> UInt32,
        mode: NestedQuery.ScoreMode
    ) {
        self.child = child
        self.chain = chain
        self.mapUp = mapUp
        self.mode = mode
    }

    func score(of doc: Int) -> Float {
        if computed == nil { computed = compute() }
        return computed?[UInt32(doc)] ?? 0
    }

    private func compute() -> [UInt32: Float] {
        var sums: [UInt32: (total: Float, count: Int, low: Float, high: Float)] = [:]
        for nestedDoc in child.matches {
            let parent = mapUp(nestedDoc, chain)
            let score = child.score(nestedDoc)
            if let existing = sums[parent] {
                sums[parent] = (
                    existing.total + score, existing.count + 1, min(existing.low, score),
                    max(existing.high, score)
                )
            } else {
                sums[parent] = (score, 1, score, score)
            }
        }
        return sums.mapValues { entry in
            switch mode {
            case .avg: entry.total / Float(entry.count)
            case .sum: entry.total
            case .max: entry.high
            case .min: entry.low
            case .none: 0
            }
        }
    }
}
