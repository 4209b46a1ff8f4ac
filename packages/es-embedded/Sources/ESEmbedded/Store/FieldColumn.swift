/// Everything stored for one field of one index level: the inverted index (terms), the points
/// (sorted numeric values), the documents that have a value, and per-document sort values.
struct FieldColumn: Sendable {
    let kind: ColumnKind
    /// Term -> documents (keyword, text, boolean).
    private(set) var terms: [String: PostingList] = [:]
    /// Sorted numeric values (long, double, date, boolean).
    private(set) var points = PointIndex()
    /// Documents with at least one indexed value, ascending.
    private(set) var exists: [UInt32] = []

    /// Keyword sort values: each document's smallest and largest term (`nil` when it has none).
    /// The largest are kept only once a document's differ from its smallest (until then
    /// ``maxKeyword`` is empty): most keyword fields hold one value, and a second table per
    /// document would cost as much as the first (``largestKeywords`` is the whole table).
    private(set) var minKeyword: [String?] = []
    private(set) var maxKeyword: [String?] = []

    /// Numeric sort values, valid where ``hasValue`` is true; ``maxValue`` only once a document
    /// has several different values, as ``maxKeyword`` (``largestValues`` is the whole table).
    private(set) var minValue: [Int64] = []
    private(set) var maxValue: [Int64] = []
    private(set) var hasValue: [Bool] = []
    /// Every value of documents holding more than one (for `avg`, `sum` and `median` sorts).
    private(set) var multiValues: [UInt32: [Int64]] = [:]

    /// Text statistics: tokens per document, and their total.
    private(set) var lengths: [UInt32] = []
    private(set) var totalTokens: Int = 0

    init(kind: ColumnKind) {
        self.kind = kind
    }

    /// A column as an index image stored it (``IndexImage``).
    init(
        kind: ColumnKind, terms: [String: PostingList], points: PointIndex, exists: [UInt32],
        minKeyword: [String?], maxKeyword: [String?], minValue: [Int64], maxValue: [Int64], hasValue: [Bool],
        multiValues: [UInt32: [Int64]], lengths: [UInt32], totalTokens: Int
    ) {
        self.kind = kind
        self.terms = terms
        self.points = points
        self.exists = exists
        self.minKeyword = minKeyword
        self.maxKeyword = Self.sameKeywords(minKeyword, maxKeyword) ? [] : maxKeyword
        self.minValue = minValue
        self.maxValue = minValue == maxValue ? [] : maxValue
        self.hasValue = hasValue
        self.multiValues = multiValues
        self.lengths = lengths
        self.totalTokens = totalTokens
    }

    /// Indexes the values of `doc`; documents arrive in ascending order.
    mutating func add(_ values: FieldValues, doc: UInt32) {
        switch values {
        case .keyword(let term):
            markExists(doc)
            terms[term, default: PostingList()].append(doc)
            addKeywordSortValues(term, term, doc: doc)
        case .point(let number):
            markExists(doc)
            points.append(number, doc: doc)
            addNumericSortValues(number, number, doc: doc)
        case .keywords(let strings):
            guard !strings.isEmpty else { return }
            markExists(doc)
            if strings.count == 1 {
                terms[strings[0], default: PostingList()].append(doc)
            } else {
                for term in Set(strings) { terms[term, default: PostingList()].append(doc) }
            }
            addKeywordSortValues(strings, doc: doc)
        case .tokens(let tokens):
            markExists(doc)
            if tokens.count <= 16 {
                // Few tokens: count them without hashing twice.
                var seen: [String] = []
                var counts: [UInt32] = []
                for token in tokens {
                    if let position = seen.firstIndex(of: token) {
                        counts[position] += 1
                    } else {
                        seen.append(token)
                        counts.append(1)
                    }
                }
                for (token, frequency) in zip(seen, counts) {
                    terms[token, default: PostingList()].append(doc, frequency: frequency)
                }
            } else {
                var frequencies: [String: UInt32] = [:]
                for token in tokens { frequencies[token, default: 0] += 1 }
                for (token, frequency) in frequencies {
                    terms[token, default: PostingList()].append(doc, frequency: frequency)
                }
            }
            Self.grow(&lengths, to: Int(doc) + 1, with: 0)
            lengths[Int(doc)] = UInt32(tokens.count)
            totalTokens += tokens.count
        case .points(let numbers):
            guard !numbers.isEmpty else { return }
            markExists(doc)
            for number in numbers { points.append(number, doc: doc) }
            addNumericSortValues(numbers, doc: doc)
        case .booleans(let flags):
            guard !flags.isEmpty else { return }
            markExists(doc)
            for flag in Set(flags) {
                terms[flag ? "true" : "false", default: PostingList()].append(doc)
            }
            let numbers = flags.map { Int64($0 ? 1 : 0) }
            for number in numbers { points.append(number, doc: doc) }
            addNumericSortValues(numbers, doc: doc)
        }
    }

    /// Sorts values added since the last refresh into the points.
    mutating func seal() {
        points.seal()
    }

    /// The number of documents with a value (deleted ones included).
    var docCount: Int { exists.count }

    /// The average number of tokens per document with a value (BM25's `avgdl`).
    var averageLength: Double {
        exists.isEmpty ? 1 : max(1, Double(totalTokens) / Double(exists.count))
    }

    /// The token count of `doc` (0 when it has no value).
    func length(of doc: Int) -> UInt32 {
        doc < lengths.count ? lengths[doc] : 0
    }

    /// The keyword sort value of `doc`: its smallest or largest term.
    func keywordSortValue(_ doc: Int, largest: Bool) -> String? {
        let table = largest && !maxKeyword.isEmpty ? maxKeyword : minKeyword
        return doc < table.count ? table[doc] : nil
    }

    /// The numeric sort value of `doc`: its smallest or largest value.
    func numericSortValue(_ doc: Int, largest: Bool) -> Int64? {
        guard doc < hasValue.count, hasValue[doc] else { return nil }
        return largest && !maxValue.isEmpty ? maxValue[doc] : minValue[doc]
    }

    /// Each document's largest term (what an index image stores).
    var largestKeywords: [String?] { maxKeyword.isEmpty ? minKeyword : maxKeyword }

    /// Each document's largest numeric value (what an index image stores).
    var largestValues: [Int64] { maxValue.isEmpty ? minValue : maxValue }

    /// Whether two tables hold the same terms, byte for byte (`==` on strings would take
    /// canonically equivalent spellings as the same term).
    private static func sameKeywords(_ lhs: [String?], _ rhs: [String?]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { a, b in
                switch (a, b) {
                case (nil, nil): true
                case (let a?, let b?): a.utf8.elementsEqual(b.utf8)
                default: false
                }
            }
    }

    private mutating func markExists(_ doc: UInt32) {
        if exists.last != doc { exists.append(doc) }
    }

    private mutating func addKeywordSortValues(_ strings: [String], doc: UInt32) {
        guard let smallest = strings.min(by: Self.precedes), let largest = strings.max(by: Self.precedes)
        else {
            return
        }
        addKeywordSortValues(smallest, largest, doc: doc)
    }

    private mutating func addKeywordSortValues(_ smallest: String, _ largest: String, doc: UInt32) {
        Self.grow(&minKeyword, to: Int(doc) + 1, with: nil)
        minKeyword[Int(doc)] = smallest
        if maxKeyword.isEmpty {
            guard !smallest.utf8.elementsEqual(largest.utf8) else { return }
            maxKeyword = minKeyword
        } else {
            Self.grow(&maxKeyword, to: Int(doc) + 1, with: nil)
        }
        maxKeyword[Int(doc)] = largest
    }

    /// Lucene's term order: by UTF-8 bytes.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    private mutating func addNumericSortValues(_ numbers: [Int64], doc: UInt32) {
        guard let smallest = numbers.min(), let largest = numbers.max() else { return }
        addNumericSortValues(smallest, largest, doc: doc)
        if numbers.count > 1 { multiValues[doc] = numbers }
    }

    private mutating func addNumericSortValues(_ smallest: Int64, _ largest: Int64, doc: UInt32) {
        let index = Int(doc)
        Self.grow(&minValue, to: index + 1, with: 0)
        Self.grow(&hasValue, to: index + 1, with: false)
        minValue[index] = smallest
        hasValue[index] = true
        if maxValue.isEmpty {
            guard smallest != largest else { return }
            maxValue = minValue
        } else {
            Self.grow(&maxValue, to: index + 1, with: 0)
        }
        maxValue[index] = largest
    }

    /// Whether `doc` has a numeric value in `lower...upper` (read from the doc values).
    func hasValue(of doc: Int, in lower: Int64, _ upper: Int64) -> Bool {
        guard doc < hasValue.count, hasValue[doc] else { return false }
        let smallest = minValue[doc]
        let largest = maxValue.isEmpty ? smallest : maxValue[doc]
        if smallest > upper || largest < lower { return false }
        if smallest >= lower || largest <= upper || multiValues.isEmpty { return true }
        return multiValues[UInt32(doc)]?.contains { $0 >= lower && $0 <= upper } ?? false
    }

    /// Every numeric value of `doc`.
    /// Calls `body` with each numeric value of `doc`, without building an array for the common
    /// single-valued document.
    @inline(__always)
    func forEachNumericValue(_ doc: Int, _ body: (Int64) -> Void) {
        guard doc < hasValue.count, hasValue[doc] else { return }
        if let values = multiValues[UInt32(doc)] {
            for value in values { body(value) }
        } else {
            body(minValue[doc])
        }
    }

    func numericValues(_ doc: Int) -> [Int64] {
        guard doc < hasValue.count, hasValue[doc] else { return [] }
        return multiValues[UInt32(doc)] ?? [minValue[doc]]
    }

    private static func grow<Element>(_ array: inout [Element], to count: Int, with filler: Element) {
        if array.count < count {
            array.append(contentsOf: repeatElement(filler, count: count - array.count))
        }
    }
}
