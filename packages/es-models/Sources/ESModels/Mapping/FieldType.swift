/// The field types of our mapping subset, spelled as Elasticsearch spells them.
public enum FieldType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Exact-value strings, for filters, sorting and aggregations.
    case keyword
    /// Analyzed full text.
    case text
    /// Dates (strings in the field's `format`, or epoch milliseconds).
    case date
    /// `true`/`false`.
    case boolean
    /// Signed 32-bit integers.
    case integer
    /// Signed 64-bit integers.
    case long
    /// 32-bit floating point numbers.
    case float
    /// 64-bit floating point numbers.
    case double
    /// A JSON object whose fields are flattened into the parent document.
    case object
    /// An array of objects indexed as separate hidden documents, queried with `nested`.
    case nested
    /// A fixed-length array of floats, searched by similarity with the `knn` search option.
    case denseVector = "dense_vector"
    /// Base64-encoded bytes, stored and returned, not searchable.
    case binary
    /// A positive number that boosts scores through the `rank_feature` query.
    case rankFeature = "rank_feature"
    /// Named positive numbers (`{"politics": 20, "sports": 3}`), each a `rank_feature`.
    case rankFeatures = "rank_features"

    public var description: String { rawValue }

    /// Whether the type holds sub-fields (`properties`) rather than a value.
    public var isObjectLike: Bool { self == .object || self == .nested }

    /// Whether the type is numeric.
    public var isNumeric: Bool {
        switch self {
        case .integer, .long, .float, .double: true
        default: false
        }
    }
}
