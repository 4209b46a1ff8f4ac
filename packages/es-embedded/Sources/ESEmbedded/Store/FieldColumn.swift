/// Everything stored for one field of one index level: the inverted index (terms), the points
/// (sorted numeric values), the documents that have a value, and per-document sort values.
struct FieldColumn: Sendable {
    let kind: ColumnKind
    /// Term -> documents (keyword, text, boolean).
    private(set) var terms: [String: PostingList] = [:]
    /// Sorted numeric values (long, double, date, boolean).
    private(set) var points = PointIndex()
    /// Documents with at least one indexed value, a bit each (a sorted array of them took 4
    /// bytes a document per field).
    private(set) var exists = DocSet(capacity: 0)
    /// How many documents have a value, and the last one that does.
    private var existing = 0
    private var lastExisting = -1

    /// Keyword sort values: each document's smallest and largest term, as ordinals into
    /// ``sortTerms`` (1-based; 0 when it has none), 4 bytes a document where a string would take
    /// 16. The largest are kept only once a document's differ from its smallest (until then
    /// ``maxKeyword`` is empty): most keyword fields hold one value, and a second table per
    /// document would cost as much as the first (``largestKeywords`` is the whole table).
    private(set) var minKeyword: [UInt32] = []
    private(set) var maxKeyword: [UInt32] = []
    /// The terms sort values name, by ordinal - 1; a term's ordinal is kept with its postings.
    private(set) var sortTerms: [String] = []

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
        self.points = points
        var set = DocSet(capacity: exists.max().map { Int($0) + 1 } ?? 0)
        for doc in exists { set.insert(Int(doc)) }
        self.exists = set
        self.existing = exists.count
        self.lastExisting = exists.last.map(Int.init) ?? -1
        // Sort terms take the ordinals of their postings (the image writes each column's
        // sort values as ordinals into its terms, so they are always among them).
        var terms = terms
        var ordinals: [String: UInt32] = [:]
        var sortTerms: [String] = []
        func ordinal(_ term: String?) -> UInt32 {
            guard let term else { return 0 }
            if let known = ordinals[term], sortTerms[Int(known) - 1].utf8.elementsEqual(term.utf8) {
                return known
            }
            sortTerms.append(term)
            let assigned = UInt32(sortTerms.count)
            if ordinals[term] == nil {
                ordinals[term] = assigned
                terms[term]?.sortOrdinal = assigned
            }
            return assigned
        }
        let smallest = minKeyword.map(ordinal)
        let largest = Self.sameKeywords(minKeyword, maxKeyword) ? [] : maxKeyword.map(ordinal)
        self.terms = terms
        self.sortTerms = sortTerms
        self.minKeyword = smallest
        self.maxKeyword = largest
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
            let ordinal = post(term, doc: doc)
            addKeywordSortValues(ordinal, ordinal, doc: doc)
        case .point(let number):
            markExists(doc)
            points.append(number, doc: doc)
            addNumericSortValues(number, number, doc: doc)
        case .keywords(let strings):
            guard !strings.isEmpty else { return }
            markExists(doc)
            if strings.count == 1 {
                let ordinal = post(strings[0], doc: doc)
                addKeywordSortValues(ordinal, ordinal, doc: doc)
            } else {
                guard let smallest = strings.min(by: Self.precedes),
                    let largest = strings.max(by: Self.precedes)
                else { return }
                for term in Set(strings) { terms[term, default: PostingList()].append(doc) }
                addKeywordSortValues(sortOrdinal(smallest), sortOrdinal(largest), doc: doc)
            }
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
    var docCount: Int { existing }

    /// The documents with a value, ascending (what an index image stores).
    var existingDocs: [UInt32] { exists.members.map { UInt32($0) } }

    /// The average number of tokens per document with a value (BM25's `avgdl`).
    var averageLength: Double {
        existing == 0 ? 1 : max(1, Double(totalTokens) / Double(existing))
    }

    /// The token count of `doc` (0 when it has no value).
    func length(of doc: Int) -> UInt32 {
        doc < lengths.count ? lengths[doc] : 0
    }

    /// The keyword sort value of `doc`: its smallest or largest term.
    func keywordSortValue(_ doc: Int, largest: Bool) -> String? {
        let table = largest && !maxKeyword.isEmpty ? maxKeyword : minKeyword
        guard doc < table.count else { return nil }
        let ordinal = table[doc]
        return ordinal == 0 ? nil : sortTerms[Int(ordinal) - 1]
    }

    /// The numeric sort value of `doc`: its smallest or largest value.
    func numericSortValue(_ doc: Int, largest: Bool) -> Int64? {
        guard doc < hasValue.count, hasValue[doc] else { return nil }
        return largest && !maxValue.isEmpty ? maxValue[doc] : minValue[doc]
    }

    /// Each document's smallest term (what an index image stores).
    var smallestKeywords: [String?] { minKeyword.map(sortTerm) }

    /// Each document's largest term (what an index image stores).
    var largestKeywords: [String?] { (maxKeyword.isEmpty ? minKeyword : maxKeyword).map(sortTerm) }

    private func sortTerm(_ ordinal: UInt32) -> String? {
        ordinal == 0 ? nil : sortTerms[Int(ordinal) - 1]
    }

    /// Each document's smallest or largest numeric value, valid where ``hasValue`` is true.
    func numericSortValues(largest: Bool) -> [Int64] {
        largest && !maxValue.isEmpty ? maxValue : minValue
    }

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
        guard lastExisting != Int(doc) else { return }
        exists.grow(to: Int(doc) + 1)
        exists.insert(Int(doc))
        existing += 1
        lastExisting = Int(doc)
    }

    /// Appends `doc` to the postings of `term`; returns the ordinal of `term` as a sort value.
    private mutating func post(_ term: String, doc: UInt32) -> UInt32 {
        let next = UInt32(sortTerms.count + 1)
        var ordinal: UInt32 = 0
        Self.update(&terms[term, default: PostingList()]) { list in
            list.append(doc)
            if list.sortOrdinal == 0 { list.sortOrdinal = next }
            ordinal = list.sortOrdinal
        }
        if ordinal == next { sortTerms.append(term) }
        return exactOrdinal(ordinal, of: term)
    }

    /// The sort ordinal of `term`, which is posted already.
    private mutating func sortOrdinal(_ term: String) -> UInt32 {
        let next = UInt32(sortTerms.count + 1)
        var ordinal: UInt32 = 0
        Self.update(&terms[term, default: PostingList()]) { list in
            if list.sortOrdinal == 0 { list.sortOrdinal = next }
            ordinal = list.sortOrdinal
        }
        if ordinal == next { sortTerms.append(term) }
        return exactOrdinal(ordinal, of: term)
    }

    /// `ordinal`, unless its term is only canonically equivalent to `term` (the dictionary takes
    /// "é" and "e\u{301}" as one key): then a sort value of its own, as Lucene orders bytes.
    private mutating func exactOrdinal(_ ordinal: UInt32, of term: String) -> UInt32 {
        if sortTerms[Int(ordinal) - 1].utf8.elementsEqual(term.utf8) { return ordinal }
        sortTerms.append(term)
        return UInt32(sortTerms.count)
    }

    private static func update(_ list: inout PostingList, _ body: (inout PostingList) -> Void) {
        body(&list)
    }

    private mutating func addKeywordSortValues(_ smallest: UInt32, _ largest: UInt32, doc: UInt32) {
        Self.grow(&minKeyword, to: Int(doc) + 1, with: 0)
        minKeyword[Int(doc)] = smallest
        if maxKeyword.isEmpty {
            guard smallest != largest else { return }
            maxKeyword = minKeyword
        } else {
            Self.grow(&maxKeyword, to: Int(doc) + 1, with: 0)
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
        numericDocValues.contains(doc, lower, upper)
    }

    /// The numeric doc values a range checks document by document, apart from the rest of the
    /// column (a copy of the whole column per document cost more than the check).
    var numericDocValues: NumericDocValues {
        NumericDocValues(minValue: minValue, maxValue: maxValue, hasValue: hasValue, multiValues: multiValues)
    }

    /// Each document's smallest and largest numeric value (``maxValue`` empty: the same),
    /// and every value of documents holding several.
    struct NumericDocValues {
        var minValue: [Int64] = []
        var maxValue: [Int64] = []
        var hasValue: [Bool] = []
        var multiValues: [UInt32: [Int64]] = [:]

        /// Whether `doc` has a value in `lower...upper`.
        @inline(__always)
        func contains(_ doc: Int, _ lower: Int64, _ upper: Int64) -> Bool {
            guard doc < hasValue.count, hasValue[doc] else { return false }
            let smallest = minValue[doc]
            let largest = maxValue.isEmpty ? smallest : maxValue[doc]
            if smallest > upper || largest < lower { return false }
            if smallest >= lower || largest <= upper || multiValues.isEmpty { return true }
            return multiValues[UInt32(doc)]?.contains { $0 >= lower && $0 <= upper } ?? false
        }
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
