import ESModels
import Foundation

extension QueryCompiler {
    /// `match` (with `fuzziness`), `match_phrase` (`slop`), `match_phrase_prefix` and
    /// `match_bool_prefix`, scored as Lucene scores the queries Elasticsearch builds for them.
    func compileFullText(_ query: FullTextQuery, data: IndexLevel, level: String) throws -> QueryNode {
        let capacity = data.docCount
        let boost = Float(query.boost ?? 1)
        guard let field = lookup.field(query.field), let kind = field.kind else {
            return .none(capacity: capacity)
        }
        guard kind == .text else {
            if query.lenient, kind != .keyword,
                (try? compileTerm(TermQuery(field: query.field, value: query.text), data: data, level: level))
                    == nil
            {
                return .none(capacity: capacity)
            }
            // Fields that are not analysed see the whole value as one token.
            switch query.kind {
            case .phrasePrefix,
                .boolPrefix where kind == .keyword:
                return try compilePrefix(
                    query.field, try termText(query.text), caseInsensitive: false, boost: boost, data: data)
            default:
                if let fuzziness = query.fuzziness, kind == .keyword {
                    return try compileFuzzy(
                        query.field, query.text, fuzziness: fuzziness, options: query.fuzzy, boost: boost,
                        data: data)
                }
                return try compileTerm(
                    TermQuery(field: query.field, value: query.text, boost: query.boost), data: data,
                    level: level)
            }
        }
        try checkSearchable(field)
        let analyzer = lookup.searchAnalyzer(field, query: query.analyzer)
        let tokens = analyzer.tokens(try termText(query.text))
        guard !tokens.isEmpty else {
            return query.zeroTermsAll
                ? .constant(.full(capacity: capacity), score: 1) : .none(capacity: capacity)
        }
        let column = data.columns[field.path]
        switch query.kind {
        case .match, .boolPrefix:
            var clauses = tokens.enumerated().map { offset, token -> QueryNode in
                if query.kind == .boolPrefix, offset == tokens.count - 1 {
                    return .constant(
                        unionOfTerms(column, capacity: capacity) { $0.hasPrefix(token) }, score: boost)
                }
                if let fuzziness = query.fuzziness {
                    return fuzzyNode(
                        token, fuzziness: fuzziness, options: query.fuzzy, column: column, capacity: capacity,
                        boost: boost)
                }
                return termNode(token, column: column, capacity: capacity, boost: boost)
            }
            if clauses.count == 1 { return clauses.removeFirst() }
            let required =
                query.operator == .and
                ? clauses.count : max(1, query.minimumShouldMatch?.required(outOf: clauses.count) ?? 1)
            let matches = Self.atLeast(required, of: clauses.map(\.matches), capacity: capacity)
            return QueryNode(matches: matches, constantScore: nil) { doc in
                var total: Float = 0
                for clause in clauses where clause.matches.contains(doc) { total += clause.score(doc) }
                return total
            }
        case .phrase:
            if tokens.count == 1 {
                return termNode(tokens[0], column: column, capacity: capacity, boost: boost)
            }
            return phraseNode(
                tokens.map { [$0] }, slop: query.slop, field: field, analyzer: analyzer, level: level,
                column: column,
                capacity: capacity, boost: boost)
        case .phrasePrefix:
            let last = tokens[tokens.count - 1]
            let expansions = Array(
                (column?.terms.keys.filter { $0.hasPrefix(last) } ?? []).sorted().prefix(
                    query.fuzzy.maxExpansions))
            guard !expansions.isEmpty else { return .none(capacity: capacity) }
            if tokens.count == 1 {
                let clauses = expansions.map {
                    termNode($0, column: column, capacity: capacity, boost: boost)
                }
                return Self.sum(clauses, capacity: capacity)
            }
            return phraseNode(
                tokens.dropLast().map { [$0] } + [expansions], slop: query.slop, field: field,
                analyzer: analyzer,
                level: level, column: column, capacity: capacity, boost: boost)
        }
    }

    /// Lucene's `BooleanQuery` of `should` clauses: any matches, scores add up.
    static func sum(_ clauses: [QueryNode], capacity: Int) -> QueryNode {
        if clauses.count == 1 { return clauses[0] }
        var matches = DocSet(capacity: capacity)
        for clause in clauses { matches.formUnion(clause.matches) }
        return QueryNode(matches: matches, constantScore: nil) { doc in
            var total: Float = 0
            for clause in clauses where clause.matches.contains(doc) { total += clause.score(doc) }
            return total
        }
    }

    /// `multi_match`: the query on every field; `best_fields` and the phrase types keep the best
    /// field's score (plus `tie_breaker` times the others), `most_fields` and `bool_prefix` add them.
    func compileMultiMatch(_ query: MultiMatchPlan, data: IndexLevel, level: String) throws -> QueryNode {
        let fields = try resolveFields(query.fields, data: data)
        let lenient = query.query.lenient || query.fields.isEmpty
        let nodes = try fields.map { field, boost -> QueryNode in
            var single = query.query
            single.field = field.path
            single.boost = Double(boost)
            single.lenient = lenient
            return try compileFullText(single, data: data, level: level)
        }
        let tieBreaker: Float
        switch query.kind {
        case .mostFields, .boolPrefix: tieBreaker = Float(query.tieBreaker ?? 1)
        default: tieBreaker = Float(query.tieBreaker ?? 0)
        }
        return Self.disMax(
            nodes, tieBreaker: tieBreaker, boost: Float(query.boost ?? 1), capacity: data.docCount)
    }

    /// The fields named (patterns expanded); with none, every text and keyword field
    /// (`index.query.default_field: *`).
    func resolveFields(_ fields: [FieldBoost], data: IndexLevel) throws -> [(MappingLookup.Field, Float)] {
        if fields.isEmpty {
            return lookup.fields.values.filter { $0.kind == .text || $0.kind == .keyword }
                .sorted { $0.path < $1.path }.map { ($0, 1) }
        }
        var resolved: [(MappingLookup.Field, Float)] = []
        for spec in fields {
            if spec.name.contains("*") {
                for field in lookup.valueFields(matching: spec.name).sorted(by: { $0.path < $1.path })
                where field.kind == .text || field.kind == .keyword {
                    resolved.append((field, Float(spec.boost)))
                }
            } else if let field = lookup.field(spec.name), field.kind != nil {
                resolved.append((field, Float(spec.boost)))
            }
        }
        return resolved
    }

    /// `prefix`: the terms starting with `value`, with a constant score.
    func compilePrefix(_ name: String, _ value: String, caseInsensitive: Bool, boost: Float, data: IndexLevel)
        throws
        -> QueryNode
    {
        guard let field = lookup.field(name), let kind = field.kind else {
            return .none(capacity: data.docCount)
        }
        guard kind == .text || kind == .keyword else {
            throw ElasticsearchError.queryShard(
                "Can only use prefix queries on keyword, text and wildcard fields - not on [\(name)] which is of type [\(field.type.rawValue)]",
                index: index)
        }
        try checkSearchable(field)
        let lowered = value.lowercased()
        return .constant(
            unionOfTerms(data.columns[field.path], capacity: data.docCount) {
                caseInsensitive ? $0.lowercased().hasPrefix(lowered) : $0.hasPrefix(value)
            }, score: boost)
    }

    /// `wildcard`: `*` any run, `?` one character; on text fields the pattern is lower-cased as
    /// the analyzer normalizes it.
    func compileWildcard(
        _ name: String, _ pattern: String, caseInsensitive: Bool, boost: Float, data: IndexLevel
    )
        throws -> QueryNode
    {
        guard let field = lookup.field(name), let kind = field.kind else {
            return .none(capacity: data.docCount)
        }
        guard kind == .text || kind == .keyword else {
            throw ElasticsearchError.queryShard(
                "Can only use wildcard queries on keyword, text and wildcard fields - not on [\(name)] which is of type [\(field.type.rawValue)]",
                index: index)
        }
        try checkSearchable(field)
        let folded = caseInsensitive || kind == .text
        let scalars = Array((folded ? pattern.lowercased() : pattern).unicodeScalars)
        return .constant(
            unionOfTerms(data.columns[field.path], capacity: data.docCount) {
                Self.wildcardMatches(scalars, Array((caseInsensitive ? $0.lowercased() : $0).unicodeScalars))
            }, score: boost)
    }

    static func wildcardMatches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] && pattern[p] != "*" {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// `fuzzy`: the terms within the allowed edits.
    func compileFuzzy(
        _ name: String, _ value: JSONValue, fuzziness: Fuzziness, options: FuzzyOptions, boost: Float,
        data: IndexLevel
    ) throws -> QueryNode {
        guard let field = lookup.field(name), let kind = field.kind, kind == .text || kind == .keyword else {
            return .none(capacity: data.docCount)
        }
        try checkSearchable(field)
        let text = try termText(value)
        return fuzzyNode(
            kind == .text ? text.lowercased() : text, fuzziness: fuzziness, options: options,
            column: data.columns[field.path], capacity: data.docCount, boost: boost)
    }

    /// Lucene's `FuzzyQuery` with its default rewrite (the `max_expansions` closest terms, each a
    /// term query boosted by `1 - edits / min(length)`, document frequencies blended to the
    /// largest among them).
    func fuzzyNode(
        _ term: String, fuzziness: Fuzziness, options: FuzzyOptions, column: FieldColumn?, capacity: Int,
        boost: Float
    ) -> QueryNode {
        let target = Array(term.unicodeScalars)
        let edits = fuzziness.edits(forLength: target.count)
        guard edits > 0 else { return termNode(term, column: column, capacity: capacity, boost: boost) }
        guard let column else { return .none(capacity: capacity) }
        let prefix = target.prefix(options.prefixLength)
        var found: [(term: String, boost: Float, postings: PostingList)] = []
        for (candidate, postings) in column.terms {
            let scalars = Array(candidate.unicodeScalars)
            guard scalars.starts(with: prefix), abs(scalars.count - target.count) <= edits else { continue }
            guard
                let distance = Self.editDistance(
                    target, scalars, limit: edits, transpositions: options.transpositions)
            else { continue }
            let similarity = 1 - Float(distance) / Float(min(scalars.count, target.count))
            found.append((candidate, similarity, postings))
        }
        found.sort { $0.boost != $1.boost ? $0.boost > $1.boost : $0.term < $1.term }
        let kept = found.prefix(options.maxExpansions)
        guard let maxDocFreq = kept.map(\.postings.count).max() else { return .none(capacity: capacity) }
        let idf = BM25.idf(docFreq: maxDocFreq, docCount: column.docCount)
        let average = Float(column.averageLength)
        let clauses = kept.map { entry -> QueryNode in
            var matches = DocSet(capacity: capacity)
            matches.insert(contentsOf: entry.postings.docs)
            let weight = boost * entry.boost * idf
            let postings = entry.postings
            if column.kind != .text {
                return .constant(
                    matches, score: BM25.score(weight: weight, frequency: 1, length: nil, averageLength: 1))
            }
            return QueryNode(matches: matches, constantScore: nil) { doc in
                BM25.score(
                    weight: weight, frequency: postings.frequency(of: UInt32(doc)),
                    length: column.length(of: doc),
                    averageLength: average)
            }
        }
        return Self.sum(clauses, capacity: capacity)
    }

    /// The Damerau–Levenshtein distance (adjacent transpositions count one edit when allowed),
    /// `nil` beyond `limit`.
    static func editDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, transpositions: Bool
    ) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMin = min(rowMin, value)
            }
            if rowMin > limit { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
