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
        /// The matching documents (what aggregations read, unless ``aggregationMatches`` is set).
        var matches: DocSet
        /// What aggregations read when a `post_filter` narrowed ``matches``.
        var aggregationMatches: DocSet? = nil
    }

    /// Where the page starts: after a previous page's last sort values (`search_after`, as
    /// JSON), or after a scroll's last hit.
    enum After {
        case values([JSONValue])
        case cursor(SearchCursor)
    }

    /// The documents `query` (and the alias `filter`) match, deleted ones left out.
    func matches(_ query: Query?, filter: Query?) throws -> (node: QueryNode, matches: DocSet) {
        try matches(query.map(DSLQuery.init), filter: filter)
    }

    /// The documents an engine query (and the alias `filter`) match, deleted ones left out.
    func matches(_ query: DSLQuery?, filter: Query?) throws -> (node: QueryNode, matches: DocSet) {
        let node = try compiler.compile(query ?? .base(.matchAll(boost: nil)), level: "")
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
    func run(_ request: SearchRequest, query: DSLQuery? = nil, filter: Query?, after: After? = nil) throws
        -> Result
    {
        let window = request.effectiveFrom + request.effectiveSize
        if window > maxResultWindow { throw Self.windowTooLarge(window, maximum: maxResultWindow) }
        let (node, matches) = try self.matches(query ?? request.query.map(DSLQuery.init), filter: filter)
        let plan = try SortPlan(request.sort, compiler: compiler, indexPosition: indexPosition)
        let cursor = try after.map { try Self.cursor($0, plan: plan) }
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
        if let cursor {
            let readers = plan.keys.map(SortKeyReader.init)
            var values = [SortValue](repeating: .missing, count: readers.count)
            var worstFirst: SortValue?
            // A numeric first key is compared raw: documents before the cursor, and those behind
            // the page's worst first key (found in a first pass), are skipped without building a
            // sort value.
            var raw: (top: NumericTop, cursor: Int64, worst: Int64?)?
            if !tracksScores, case .field(let field) = plan.keys[0],
                let top = NumericTop(field: field, limit: window),
                let key = top.key(for: cursor.values[0])
            {
                var first = top
                for doc in matches {
                    let docKey = first.key(of: doc)
                    // Ties with the cursor may be before it (on a later key): only documents
                    // strictly after it set the bound, which then holds for the ties too.
                    if docKey > key { first.offer(doc, key: docKey) }
                }
                raw = (top, key, first.worstKeyWhenFull)
            }
            for doc in matches {
                if let raw {
                    let docKey = raw.top.key(of: doc)
                    if docKey < raw.cursor { continue }
                    if let worst = raw.worst, docKey > worst { continue }
                }
                let score: Float? = tracksScores ? node.score(doc) : nil
                if let score { maxScore = max(maxScore ?? score, score) }
                // Most documents are decided by the first key alone: before the cursor, or
                // behind the worst kept candidate.
                let first = readers[0].value(doc, score: score)
                if order.compare(0, first, cursor.values[0]) < 0 { continue }
                if let worstFirst, order.compare(0, first, worstFirst) > 0 { continue }
                values[0] = first
                for position in readers.indices.dropFirst() {
                    values[position] = readers[position].value(doc, score: score)
                }
                guard cursor.admits(values, indexPosition: indexPosition, doc: doc, order: order),
                    top.wouldKeep(values, indexPosition: indexPosition, doc: doc)
                else { continue }
                top.offer(Candidate(indexPosition: indexPosition, doc: doc, score: score, sortValues: values))
                worstFirst = top.worst?.sortValues[0]
            }
        } else if let constant, plan.keys.count == 1, case .score = plan.keys[0] {
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
        return Result(
            total: total, maxScore: maxScore, candidates: top.sorted, order: order, plan: plan,
            matches: matches)
    }

    /// The cursor `search_after` values name, read as the sort's keys read values; a value
    /// equal to what a hit with no value reports (`Long.MAX_VALUE`, `null`, ...) stands for
    /// "missing", so the documents without a value are paged like the others.
    private static func cursor(_ after: After, plan: SortPlan) throws -> SearchCursor {
        switch after {
        case .cursor(let cursor): return cursor
        case .values(let json):
            guard json.count == plan.keys.count else {
                throw ElasticsearchError.illegalArgument(
                    "search_after has \(json.count) value(s) but sort has \(plan.keys.count).")
            }
            let values = try zip(plan.keys, json).map { key, value -> SortValue in
                switch key {
                case .score:
                    // Scores are floats: a hit reports its score as the shortest decimal of the
                    // float, which read back as a double is not the float widened.
                    switch try numeric(value, text: false) {
                    case .floating(let number): return .floating(Double(Float(number)))
                    case .integer(let number): return .floating(Double(Float(number)))
                    case let other: return other
                    }
                case .doc: return try numeric(value, text: false)
                case .field(let field):
                    let high = field.missingFirst == field.descending
                    switch (field.output, value) {
                    case (_, .null): return .missing
                    case (.integer, .int(let number)) where number == (high ? Int.max : Int.min):
                        return .missing
                    case (.floating, .string(let text)) where text == (high ? "Infinity" : "-Infinity"):
                        return .missing
                    case (.text, .string(let text)): return .text(text)
                    case (.text, _): return .text(value.stringValue ?? value.compactString)
                    default: return try numeric(value, text: false)
                    }
                }
            }
            return SearchCursor(values: values, position: nil)
        }
    }

    private static func numeric(_ value: JSONValue, text: Bool) throws -> SortValue {
        switch value {
        case .int(let number): return .integer(Int64(number))
        case .double(let number): return .floating(number)
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .string(let string):
            if let number = Int64(string) { return .integer(number) }
            if let number = Double(string) { return .floating(number) }
            throw ElasticsearchError.illegalArgument(
                "Failed to parse search_after value for field with value [\(string)]")
        default:
            throw ElasticsearchError.illegalArgument(
                "Failed to parse search_after value [\(value.compactString)]")
        }
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

extension IndexSearch {
    /// Elasticsearch's refusal of a `from + size` beyond `index.max_result_window`.
    static func windowTooLarge(_ window: Int, maximum: Int) -> ElasticsearchError {
        ElasticsearchError.illegalArgument(
            "Result window is too large, from + size must be less than or equal to: [\(maximum)] but was "
                + "[\(window)]. See the scroll api for a more efficient way to request large data sets. This limit "
                + "can be set by changing the [index.max_result_window] index level setting.")
    }
}
