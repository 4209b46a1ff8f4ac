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
        for (position, key) in keys.enumerated() {
            let left = values[position]
            let right = rhs.sortValues[position]
            let comparison: Int
            switch (left, right) {
            case (.missing, .missing): comparison = 0
            case (.missing, _): comparison = key.missingFirst ? -1 : 1
            case (_, .missing): comparison = key.missingFirst ? 1 : -1
            default:
                let raw = SortValue.compare(left, right)
                comparison = key.descending ? -raw : raw
            }
            if comparison != 0 { return comparison < 0 }
        }
        if indexPosition != rhs.indexPosition { return indexPosition < rhs.indexPosition }
        return doc < rhs.doc
    }
}

/// Keeps the best `limit` candidates seen, in a binary heap whose top is the worst kept.
struct TopCandidates {
    let limit: Int
    let order: CandidateOrder
    private(set) var heap: [Candidate] = []

    init(limit: Int, order: CandidateOrder) {
        self.limit = limit
        self.order = order
        heap.reserveCapacity(min(limit, 4096))
    }

    /// Whether a document with these values would be kept (checked before building its candidate).
    func wouldKeep(_ values: [SortValue], indexPosition: Int, doc: Int) -> Bool {
        guard limit > 0 else { return false }
        guard heap.count >= limit, let worst = heap.first else { return true }
        return order.precedes(values, indexPosition: indexPosition, doc: doc, worst)
    }

    /// The worst kept candidate.
    var worst: Candidate? { heap.first }

    mutating func offer(_ candidate: Candidate) {
        guard limit > 0 else { return }
        if heap.count < limit {
            heap.append(candidate)
            siftUp(heap.count - 1)
        } else if let top = heap.first, order.precedes(candidate, top) {
            heap[0] = candidate
            siftDown(0)
        }
    }

    /// The kept candidates, best first.
    var sorted: [Candidate] {
        heap.sorted { order.precedes($0, $1) }
    }

    // The heap keeps the worst candidate on top: a parent never precedes its children.
    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard order.precedes(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var worst = parent
            if left < heap.count && order.precedes(heap[worst], heap[left]) { worst = left }
            if right < heap.count && order.precedes(heap[worst], heap[right]) { worst = right }
            if worst == parent { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
