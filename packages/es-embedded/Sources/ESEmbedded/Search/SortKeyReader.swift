/// One key of a ``SortPlan`` reduced to what reading a document's value needs. A search reads
/// a key for every matching document; the plan's keys also carry the columns that the fast
/// numeric path uses, and copying those for each document cost more than reading the value.
struct SortKeyReader {
    private enum Source {
        case score
        case doc
        case field
    }

    private let source: Source
    private let read: (Int) -> SortValue
    private let missingValue: SortValue?

    init(_ key: SortPlan.Key) {
        switch key {
        case .score:
            source = .score
            read = { _ in .missing }
            missingValue = nil
        case .doc:
            source = .doc
            read = { _ in .missing }
            missingValue = nil
        case .field(let field):
            source = .field
            read = field.value
            missingValue = field.missingValue
        }
    }

    /// The value `doc` sorts by (its score for a `_score` key), with the sort's `missing`
    /// value substituted.
    func value(_ doc: Int, score: Float?) -> SortValue {
        switch source {
        case .score: return .floating(Double(score ?? 0))
        case .doc: return .integer(Int64(doc))
        case .field:
            let value = read(doc)
            if value == .missing, let missingValue { return missingValue }
            return value
        }
    }
}
