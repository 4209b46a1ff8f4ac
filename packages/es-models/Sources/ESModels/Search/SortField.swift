/// One sort criterion of a search: a field (or `_score`, `_doc`) with its options.
///
/// ```swift
/// SortField("start")                                       // "start"
/// SortField("priority", order: .desc)                      // {"priority": "desc"}
/// SortField("start", order: .desc, missing: .last)         // {"start": {"order": "desc", "missing": "_last"}}
/// ```
public struct SortField: Sendable, Equatable {
    /// Sort direction.
    public enum Order: String, Sendable, Equatable, CaseIterable {
        case asc, desc
    }

    /// Where documents without a value go, or the value to use for them.
    public enum Missing: Sendable, Equatable {
        /// After all others (the default).
        case last
        /// Before all others.
        case first
        /// As if they had this value.
        case value(JSONValue)
    }

    /// How a multi-valued field picks its sort value.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        case min, max, sum, avg, median
    }

    /// Sorting on a field inside a nested object.
    public struct Nested: Sendable, Equatable {
        /// The nested field's path.
        public var path: String
        /// Only nested objects matching this query count.
        public var filter: Query?

        /// Creates nested sort options.
        public init(path: String, filter: Query? = nil) {
            self.path = path
            self.filter = filter
        }
    }

    /// The field name, or `_score` / `_doc`.
    public var field: String
    /// The direction; `nil` means the default (`desc` for `_score`, `asc` otherwise).
    public var order: Order?
    /// Where documents without a value go.
    public var missing: Missing?
    /// How multi-valued fields pick their value.
    public var mode: Mode?
    /// The type to assume when the field is unmapped in some index.
    public var unmappedType: String?
    /// Nested sort options.
    public var nested: Nested?
    /// The date format of sort values in the response.
    public var format: String?

    /// Creates a sort criterion.
    public init(
        _ field: String, order: Order? = nil, missing: Missing? = nil, mode: Mode? = nil,
        unmappedType: String? = nil, nested: Nested? = nil, format: String? = nil
    ) {
        self.field = field
        self.order = order
        self.missing = missing
        self.mode = mode
        self.unmappedType = unmappedType
        self.nested = nested
        self.format = format
    }

    /// Sort by relevance score, best first.
    public static let score = SortField("_score")

    /// The direction actually used: ``order`` or the field's default.
    public var effectiveOrder: Order {
        order ?? (field == "_score" ? .desc : .asc)
    }
}
