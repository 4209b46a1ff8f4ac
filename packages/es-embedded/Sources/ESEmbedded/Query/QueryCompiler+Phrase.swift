import ESModels

extension QueryCompiler {
    /// Lucene's position increment gap between the values of a multi-valued text field.
    static let positionIncrementGap = 100

    /// A phrase (each position one term or, for a phrase prefix's last, any of several): the
    /// documents holding every position's terms are checked against the field's tokens, read
    /// again from `_source` (the index keeps no positions), and scored as Lucene's phrase
    /// queries: BM25 of the phrase frequency (sloppy matches count `1 / (1 + distance)`), with the
    /// terms' idfs summed.
    func phraseNode(
        _ positions: [[String]], slop: Int, field: MappingLookup.Field, analyzer: TextAnalyzer, level: String,
        column: FieldColumn?, capacity: Int, boost: Float
    ) -> QueryNode {
        guard let column else { return .none(capacity: capacity) }
        var candidates = DocSet.full(capacity: capacity)
        var idf: Float = 0
        for terms in positions {
            var any = DocSet(capacity: capacity)
            for term in terms {
                guard let postings = column.terms[term] else { continue }
                any.insert(contentsOf: postings.docs)
                idf += BM25.idf(docFreq: postings.count, docCount: column.docCount)
            }
            candidates.formIntersection(any)
        }
        let sets = positions.map(Set.init)
        var frequencies: [Int: Float] = [:]
        var matches = DocSet(capacity: capacity)
        for doc in candidates {
            let tokens = fieldTokens(field, analyzer: analyzer, doc: doc, level: level)
            let frequency = Self.phraseFrequency(sets, tokens: tokens, slop: slop)
            if frequency > 0 {
                frequencies[doc] = frequency
                matches.insert(doc)
            }
        }
        let weight = boost * idf
        let average = Float(column.averageLength)
        return QueryNode(matches: matches, constantScore: nil) { doc in
            BM25.score(
                weight: weight, phraseFrequency: frequencies[doc] ?? 0, length: column.length(of: doc),
                averageLength: average)
        }
    }

    /// The tokens of a document's field with their positions (values `positionIncrementGap` apart).
    func fieldTokens(_ field: MappingLookup.Field, analyzer: TextAnalyzer, doc: Int, level: String) -> [(
        String, Int
    )] {
        let values = fieldStrings(field, doc: doc, level: level)
        var tokens: [(String, Int)] = []
        var position = 0
        for (offset, value) in values.enumerated() {
            if offset > 0 { position += Self.positionIncrementGap }
            for token in analyzer.tokens(value) {
                tokens.append((token, position))
                position += 1
            }
            position -= 1
        }
        return tokens
    }

    /// The string values of a field in a document's `_source` (a multi-field reads its parent's
    /// values). Documents of a nested level read every object of their root document.
    func fieldStrings(_ field: MappingLookup.Field, doc: Int, level: String) -> [String] {
        var root = doc
        var current = level
        while !current.isEmpty, let parent = lookup.nestedParents[current] {
            guard let parents = shard.level(current)?.parents, root < parents.count else { return [] }
            root = Int(parents[root])
            current = parent
        }
        guard root < shard.sourceTexts.count else { return [] }
        var path = field.path
        if field.isMultiField, let dot = path.lastIndex(of: ".") { path = String(path[..<dot]) }
        var strings: [String] = []
        Self.collectStrings(shard.source(root, along: path), path: Substring(path), into: &strings)
        return strings
    }

    private static func collectStrings(_ value: JSONValue, path: Substring, into strings: inout [String]) {
        if path.isEmpty {
            switch value {
            case .string(let text): strings.append(text)
            case .int, .double, .bool:
                if let text = try? FieldValueConverter.text(of: value) { strings.append(text) }
            case .array(let elements):
                for element in elements { collectStrings(element, path: path, into: &strings) }
            default: break
            }
            return
        }
        switch value {
        case .array(let elements):
            for element in elements { collectStrings(element, path: path, into: &strings) }
        case .object(let members):
            // `a.b.c` may be written as nested objects or dotted keys, in any mix.
            var end = path.startIndex
            while end <= path.endIndex {
                let next = path[end...].firstIndex(of: ".") ?? path.endIndex
                let key = String(path[path.startIndex..<next])
                if let member = members[key] {
                    let rest = next == path.endIndex ? path[next...] : path[path.index(after: next)...]
                    collectStrings(member, path: rest, into: &strings)
                }
                guard next < path.endIndex else { break }
                end = path.index(after: next)
            }
        default: break
        }
    }

    /// How often the phrase occurs: exact occurrences when `slop` is 0, else the sum of
    /// `1 / (1 + distance)` over sloppy matches (Lucene's `SloppyPhraseMatcher`).
    static func phraseFrequency(_ positions: [Set<String>], tokens: [(String, Int)], slop: Int) -> Float {
        var byPosition: [Int: String] = [:]
        for (token, position) in tokens { byPosition[position] = token }
        var lists: [[Int]] = positions.map { _ in [] }
        for (token, position) in tokens {
            for (offset, terms) in positions.enumerated() where terms.contains(token) {
                lists[offset].append(position - offset)
            }
        }
        guard lists.allSatisfy({ !$0.isEmpty }) else { return 0 }
        if slop == 0 {
            var count: Float = 0
            for start in lists[0] {
                let all = positions.indices.allSatisfy { offset in
                    byPosition[start + offset].map { positions[offset].contains($0) } ?? false
                }
                if all { count += 1 }
            }
            return count
        }
        var cursors = [Int](repeating: 0, count: lists.count)
        var frequency: Float = 0
        while true {
            var low = Int.max
            var high = Int.min
            var lowest = 0
            for (offset, list) in lists.enumerated() {
                let value = list[cursors[offset]]
                if value < low {
                    low = value
                    lowest = offset
                }
                high = max(high, value)
            }
            let distance = high - low
            if distance <= slop { frequency += 1 / (1 + Float(distance)) }
            cursors[lowest] += 1
            if cursors[lowest] >= lists[lowest].count { break }
        }
        return frequency
    }
}
