/// One aggregation of a search (the values of its `aggs` member), with its sub-aggregations:
/// buckets (`terms`, `filter`, `filters`, `nested`, `reverse_nested`, `range`, `date_range`,
/// `histogram`, `date_histogram`), metrics (`min`, `max`, `avg`, `sum`, `value_count`, `stats`,
/// `cardinality`) and `top_hits`.
///
/// ```swift
/// let request = SearchRequest(
///     query: query, size: 20,
///     aggregations: [
///         "type": .terms("type", size: 10),
///         "countries": .nested(
///             path: "license_windows", ["codes": .terms("license_windows.countries")]),
///     ])
/// let buckets = try await backend.search("assetflat", request: request).aggregations?["type"]?.buckets
/// ```
public struct Aggregation: Sendable, Equatable {
    /// What the aggregation computes.
    public enum Kind: Sendable, Equatable {
        /// A bucket per value of a field.
        case terms(TermsAggregation)
        /// One bucket holding the objects of the nested field at `path`.
        case nested(path: String)
        /// One bucket holding the documents a query matches.
        case filter(Query)
        /// A bucket per query, with the documents it matches.
        case filters(FiltersAggregation)
        /// Inside `nested`: one bucket holding the parents (at `path`, the root when `nil`) of
        /// the nested objects counted.
        case reverseNested(path: String?)
        /// A bucket per range of a numeric field's values.
        case range(RangeAggregation)
        /// A bucket per range of a date field's values (bounds may be date math).
        case dateRange(RangeAggregation)
        /// A bucket per interval of a numeric field's values.
        case histogram(HistogramAggregation)
        /// A bucket per calendar or fixed interval of a date field's values.
        case dateHistogram(DateHistogramAggregation)
        /// A value computed from a field's values (no sub-aggregations).
        case metric(MetricAggregation)
        /// The best hits of the bucket.
        case topHits(TopHitsAggregation)

        /// The aggregation type's name in the DSL (`terms`, `date_histogram`, `max`, ...).
        public var name: String {
            switch self {
            case .terms: "terms"
            case .nested: "nested"
            case .filter: "filter"
            case .filters: "filters"
            case .reverseNested: "reverse_nested"
            case .range: "range"
            case .dateRange: "date_range"
            case .histogram: "histogram"
            case .dateHistogram: "date_histogram"
            case .metric(let metric): metric.metric.rawValue
            case .topHits: "top_hits"
            }
        }
    }

    /// What the aggregation computes.
    public var kind: Kind
    /// The aggregations computed in each of its buckets, by name.
    public var aggregations: [String: Aggregation]
    /// `meta`: returned as is with the aggregation's result.
    public var meta: JSONValue?

    /// Creates an aggregation.
    public init(_ kind: Kind, aggregations: [String: Aggregation] = [:], meta: JSONValue? = nil) {
        self.kind = kind
        self.aggregations = aggregations
        self.meta = meta
    }

    /// `terms` on `field`: the `size` values held by the most documents (10 when unset).
    public static func terms(
        _ field: String, size: Int? = nil, order: [TermsAggregation.Order] = [],
        aggregations: [String: Aggregation] = [:]
    ) -> Aggregation {
        Aggregation(
            .terms(TermsAggregation(field: field, size: size, order: order)), aggregations: aggregations)
    }

    /// `nested` on `path`, with the aggregations of its objects.
    public static func nested(path: String, _ aggregations: [String: Aggregation]) -> Aggregation {
        Aggregation(.nested(path: path), aggregations: aggregations)
    }

    /// `filter`: the aggregations of the documents `query` matches.
    public static func filter(_ query: Query, _ aggregations: [String: Aggregation]) -> Aggregation {
        Aggregation(.filter(query), aggregations: aggregations)
    }
}

/// `terms`: a bucket per value of a keyword, numeric or boolean field.
public struct TermsAggregation: Sendable, Equatable {
    /// One criterion of the bucket order.
    public struct Order: Sendable, Equatable {
        /// `_count` (documents per bucket), `_key` (the value), or a sub-aggregation's name.
        public var path: String
        /// The direction.
        public var order: SortField.Order

        /// Creates an order criterion.
        public init(_ path: String, _ order: SortField.Order) {
            self.path = path
            self.order = order
        }

        /// Most documents first (the default).
        public static let countDescending = Order("_count", .desc)
        /// By value, ascending.
        public static let keyAscending = Order("_key", .asc)
    }

    /// The field.
    public var field: String
    /// How many buckets to return (10 when unset).
    public var size: Int?
    /// The fewest documents a bucket needs (1 when unset).
    public var minDocCount: Int?
    /// The bucket order (most documents first, then by value, when empty); `_term` is `_key`.
    public var order: [Order]
    /// The value documents without one count under.
    public var missing: JSONValue?

    /// Creates a terms aggregation.
    public init(
        field: String, size: Int? = nil, minDocCount: Int? = nil, order: [Order] = [],
        missing: JSONValue? = nil
    ) {
        self.field = field
        self.size = size
        self.minDocCount = minDocCount
        self.order = order
        self.missing = missing
    }
}
