import ESModels

/// How a field's values are stored and searched.
enum ColumnKind: Sendable, Equatable {
    /// Exact strings: an inverted index and sortable ordinals.
    case keyword
    /// Analysed text: an inverted index of tokens with frequencies and field lengths.
    case text
    /// `integer` and `long`: 64-bit integers.
    case long
    /// `float` and `double`: doubles, stored in a sortable 64-bit form.
    case double
    /// Dates, as epoch milliseconds.
    case date
    /// `true`/`false`: terms `true`/`false`, and points 1/0 for ranges and sorting.
    case boolean

    /// The column kind of a mapped field type; `nil` for `object` and `nested`.
    init?(_ type: FieldType) {
        switch type {
        case .keyword: self = .keyword
        case .text: self = .text
        case .integer, .long: self = .long
        case .float, .double: self = .double
        case .date: self = .date
        case .boolean: self = .boolean
        case .object, .nested: return nil
        // Vectors are read from `_source` by the exact `knn` search; no column holds them.
        // These are read from `_source` where a query needs them (`knn`, `rank_feature`).
        case .denseVector, .binary, .rankFeature, .rankFeatures: return nil
        }
    }

    /// Whether values live in a ``PointIndex``.
    var hasPoints: Bool {
        switch self {
        case .long, .double, .date, .boolean: true
        case .keyword, .text: false
        }
    }
}

/// The order-preserving map between doubles and 64-bit integers (Lucene's sortable bits):
/// comparing the integers compares the doubles.
enum SortableDouble {
    static func encode(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits ^ ((bits >> 63) & Int64.max)
    }

    static func decode(_ encoded: Int64) -> Double {
        let bits = encoded ^ ((encoded >> 63) & Int64.max)
        return Double(bitPattern: UInt64(bitPattern: bits))
    }
}
