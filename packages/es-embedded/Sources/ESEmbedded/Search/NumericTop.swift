/// The best documents by one numeric field, compared on the raw encoded values: the common
/// catalogue sort (newest first, by priority) without building a sort value per document.
struct NumericTop {
    private let column: FieldColumn
    private let largest: Bool
    private let descending: Bool
    private let missingKey: Int64
    private let limit: Int
    /// Kept (key, doc) pairs as a heap whose top is the worst; keys are arranged so that
    /// smaller comes first whatever the direction.
    private var heap: [(key: Int64, doc: Int)] = []

    /// `nil` when the field cannot be sorted this way (no numeric column, or a missing value
    /// that is not a number of the field).
    init?(field: SortPlan.FieldKey, limit: Int) {
        guard let numeric = field.numeric, limit > 0 else { return nil }
        column = numeric.column
        largest = numeric.largest
        descending = field.descending
        self.limit = limit
        switch field.missingValue {
        case nil:
            missingKey = field.missingFirst ? .min : .max
        case .integer(let value)?:
            guard field.output == .integer else { return nil }
            missingKey = descending ? ~value : value
        case .floating(let value)?:
            guard field.output == .floating else { return nil }
            let encoded = SortableDouble.encode(value)
            missingKey = descending ? ~encoded : encoded
        default:
            return nil
        }
        heap.reserveCapacity(min(limit, 4096))
    }

    mutating func offer(_ doc: Int) {
        let key = column.numericSortValue(doc, largest: largest).map { descending ? ~$0 : $0 } ?? missingKey
        if heap.count < limit {
            heap.append((key, doc))
            siftUp(heap.count - 1)
        } else if let worst = heap.first, (key, doc) < (worst.key, worst.doc) {
            heap[0] = (key, doc)
            siftDown(0)
        }
    }

    /// The kept documents, best first.
    var sortedDocs: [Int] {
        heap.sorted { ($0.key, $0.doc) < ($1.key, $1.doc) }.map(\.doc)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard (heap[parent].key, heap[parent].doc) < (heap[child].key, heap[child].doc) else { return }
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
            if left < heap.count && (heap[worst].key, heap[worst].doc) < (heap[left].key, heap[left].doc) {
                worst = left
            }
            if right < heap.count && (heap[worst].key, heap[worst].doc) < (heap[right].key, heap[right].doc) {
                worst = right
            }
            if worst == parent { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
