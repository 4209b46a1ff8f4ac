import ESModels
import Foundation

/// A search (or count) on one index: what its refreshed snapshot matches, the total, and the
/// best `from + size` candidates; the query phase of one shard.
struct IndexSearch {
    let compiler: QueryCompiler
    let maxResultWindow: Int
    let indexPosition: Int

    /// What one index contributes to a search.
    struct Result {
        var total: Int
        var maxScore: Float?
        var candidates: [Candidate]
        var order: CandidateOrder
        var plan: SortPlan
    }

    /// The documents `query` (and the alias `filter`) match, deleted ones left out.
    func matches(_ query: Query?, filter: Query?) throws -> (node: QueryNode, matches: DocSet) {
        let node = try compiler.compile(query ?? .matchAll(boost: nil), level: "")
        var matches = node.matches
        matches.formIntersection(compiler.shard.live)
        if let filter {
            matches.formIntersection(try compiler.compile(filter, level: "").matches)
        }
        return (node, matches)
    }

    /// Runs the query phase.
    ///
    /// - Throws: the shard-level errors Elasticsearch reports (result window, query building,
    ///   sort checks).
    func run(_ request: SearchRequest, filter: Query?) throws -> Result {
        let window = request.effectiveFrom + request.effectiveSize
        if window > maxResultWindow {
            throw ElasticsearchError.illegalArgument(
                "Result window is too large, from + size must be less than or equal to: [\(maxResultWindow)] but was "
                    + "[\(window)]. See the scroll api for a more efficient way to request large data sets. This limit "
                    + "can be set by changing the [index.max_result_window] index level setting.")
        }
        let (node, matches) = try self.matches(request.query, filter: filter)
        let plan = try SortPlan(request.sort, compiler: compiler)
        let order = CandidateOrder(
            keys: plan.keys.map { key in
                switch key {
                case .score(let descending), .doc(let descending):
                    CandidateOrder.Key(descending: descending, missingFirst: false)
                case .field(let field):
                    CandidateOrder.Key(descending: field.descending, missingFirst: field.missingFirst)
                }
            })
        let total = matches.count
        let tracksScores = plan.usesScore
        var maxScore: Float?
        var top = TopCandidates(limit: window, order: order)
        let constant = node.constantScore
        if let constant, plan.keys.count == 1, case .score = plan.keys[0] {
            // Every document scores the same: the order is the document order.
            var taken = 0
            for doc in matches {
                guard taken < window else { break }
                top.offer(
                    Candidate(
                        indexPosition: indexPosition, doc: doc, score: constant,
                        sortValues: [.floating(Double(constant))]))
                taken += 1
            }
            maxScore = total > 0 ? constant : nil
        } else if !tracksScores, plan.keys.count == 1, case .field(let field) = plan.keys[0],
            let fast = NumericTop(field: field, limit: window)
        {
            var fast = fast
            for doc in matches { fast.offer(doc) }
            for doc in fast.sortedDocs {
                top.offer(
                    Candidate(
                        indexPosition: indexPosition, doc: doc, score: nil,
                        sortValues: [Self.substitute(field.value(doc), field: field)]))
            }
        } else {
            let readers = plan.keys.map(SortKeyReader.init)
            let first = readers[0]
            var values = [SortValue](repeating: .missing, count: readers.count)
            // The first key of the worst candidate kept, once the page is full: most documents
            // lose on that key alone, and the other keys are not read for them.
            var worstFirst = Self.firstKeyThreshold(matches, plan: plan, window: window, reader: first)
            for doc in matches {
                let score: Float? = tracksScores ? node.score(doc) : nil
                if let score { maxScore = max(maxScore ?? score, score) }
                let value = first.value(doc, score: score)
                if let worstFirst, order.compare(0, value, worstFirst) > 0 { continue }
                values[0] = value
                for position in readers.indices.dropFirst() {
                    values[position] = readers[position].value(doc, score: score)
                }
                guard top.wouldKeep(values, indexPosition: indexPosition, doc: doc) else { continue }
                top.offer(Candidate(indexPosition: indexPosition, doc: doc, score: score, sortValues: values))
                worstFirst = top.worst?.sortValues[0]
            }
        }
        return Result(total: total, maxScore: maxScore, candidates: top.sorted, order: order, plan: plan)
    }

    /// For a sort whose first key is a numeric field, the first-key value of the `window`-th
    /// best document, found on raw values without building sort values: a document whose
    /// first key is worse cannot make the page. Without it, documents indexed in the order of
    /// the sort (oldest first, sorted newest first) would each displace the worst candidate.
    private static func firstKeyThreshold(
        _ matches: DocSet, plan: SortPlan, window: Int, reader: SortKeyReader
    )
        -> SortValue?
    {
        guard case .field(let field) = plan.keys[0], var top = NumericTop(field: field, limit: window) else {
            return nil
        }
        for doc in matches { top.offer(doc) }
        return top.worstDocWhenFull.map { reader.value($0, score: nil) }
    }

    private static func substitute(_ value: SortValue, field: SortPlan.FieldKey) -> SortValue {
        if value == .missing, let replacement = field.missingValue { return replacement }
        return value
    }
}
