/// The best documents by one numeric field, compared on the raw encoded values: the common
/// catalogue sort (newest first, by priority) without building a sort value per document.
struct NumericTop {
    private let column: FieldColumn
    /// The column's sort values of the chosen mode, and which documents have one (read
    /// directly: every candidate of a sorted search is ranked by them).
    private let values: [Int64]
    private let hasValue: [Bool]
    private let descending: Bool
    private let missingKey: Int64
    /// Kept (key, doc) pairs; keys are arranged so that smaller comes first whatever the direction.
    private var heap: BoundedHeap<(key: Int64, doc: Int)>

    /// `nil` when the field cannot be sorted this way (no numeric column, or a missing value
    /// that is not a number of the field).
    init?(field: SortPlan.FieldKey, limit: Int) {
        guard let numeric = field.numeric, limit > 0 else { return nil }
        column = numeric.column
        values = numeric.column.numericSortValues(largest: numeric.largest)
        hasValue = numeric.column.hasValue
        descending = field.descending
        heap = BoundedHeap(limit: limit) { ($0.key, $0.doc) < ($1.key, $1.doc) }
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
    }

    mutating func offer(_ doc: Int) {
        heap.offer((key(of: doc), doc))
    }

    /// Offers a document whose ``key(of:)`` is already known.
    mutating func offer(_ doc: Int, key: Int64) {
        heap.offer((key, doc))
    }

    /// The key `doc` is ranked by: smaller is better, whatever the direction.
    @inline(__always)
    func key(of doc: Int) -> Int64 {
        guard doc < hasValue.count, hasValue[doc] else { return missingKey }
        return descending ? ~values[doc] : values[doc]
    }

    /// The key of a present sort value of the field (a `search_after` value); `nil` for a value
    /// of another type.
    func key(for value: SortValue) -> Int64? {
        switch value {
        case .integer(let number) where column.kind != .double: return descending ? ~number : number
        case .floating(let number) where column.kind == .double:
            let encoded = SortableDouble.encode(number)
            return descending ? ~encoded : encoded
        default: return nil
        }
    }

    /// The key of the worst document kept, once as many as the limit are kept.
    var worstKeyWhenFull: Int64? {
        heap.worstWhenFull?.key
    }

    /// The worst document kept, once as many as the limit are kept.
    var worstDocWhenFull: Int? {
        heap.worstWhenFull?.doc
    }

    /// The kept documents, best first.
    var sortedDocs: [Int] {
        heap.sorted.map(\.doc)
    }
}
