/// A matching document competing for a place on the page.
struct Candidate: Sendable {
    /// The position of its index among the searched indices (ties go to the earlier index).
    var indexPosition: Int
    var doc: Int
    var score: Float?
    var sortValues: [SortValue]
}

/// Orders candidates by a sort plan's keys, then index position, then document number
/// (Elasticsearch breaks ties by shard and Lucene document id).
struct CandidateOrder {
    struct Key {
        var descending: Bool
        var missingFirst: Bool
    }

    var keys: [Key]

    /// Whether `lhs` comes before `rhs`.
    func precedes(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        precedes(lhs.sortValues, indexPosition: lhs.indexPosition, doc: lhs.doc, rhs)
    }

    /// Whether a document with these sort values comes before `rhs` (without building a
    /// candidate for it).
    func precedes(_ values: [SortValue], indexPosition: Int, doc: Int, _ rhs: Candidate) -> Bool {
        for position in keys.indices {
            let comparison = compare(position, values[position], rhs.sortValues[position])
            if comparison != 0 { return comparison < 0 }
        }
        if indexPosition != rhs.indexPosition { return indexPosition < rhs.indexPosition }
        return doc < rhs.doc
    }

    /// How two values of the key at `position` order: negative when `left` comes first.
    func compare(_ position: Int, _ left: SortValue, _ right: SortValue) -> Int {
        let key = keys[position]
        switch (left, right) {
        case (.missing, .missing): return 0
        case (.missing, _): return key.missingFirst ? -1 : 1
        case (_, .missing): return key.missingFirst ? 1 : -1
        default:
            let raw = SortValue.compare(left, right)
            return key.descending ? -raw : raw
        }
    }
}

/// Keeps the best `limit` candidates seen.
struct TopCandidates {
    let order: CandidateOrder
    private var heap: BoundedHeap<Candidate>

    init(limit: Int, order: CandidateOrder) {
        self.order = order
        heap = BoundedHeap(limit: limit) { order.precedes($0, $1) }
    }

    /// The worst candidate kept, once as many as the limit are kept.
    var worst: Candidate? {
        heap.worstWhenFull
    }

    /// Whether a document with these values would be kept (checked before building its candidate).
    func wouldKeep(_ values: [SortValue], indexPosition: Int, doc: Int) -> Bool {
        guard heap.limit > 0 else { return false }
        guard let worst = heap.worstWhenFull else { return true }
        return order.precedes(values, indexPosition: indexPosition, doc: doc, worst)
    }

    mutating func offer(_ candidate: Candidate) {
        heap.offer(candidate)
    }

    /// The kept candidates, best first.
    var sorted: [Candidate] {
        heap.sorted
    }
}
