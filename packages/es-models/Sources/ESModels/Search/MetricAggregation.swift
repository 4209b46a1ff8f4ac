/// A metric of a field's values: `min`, `max`, `avg`, `sum`, `value_count`, `stats` or
/// `cardinality`.
///
/// ```swift
/// let best = Aggregation(.metric(MetricAggregation(.max, field: "rating")))
/// ```
public struct MetricAggregation: Sendable, Equatable {
    /// What is computed.
    public enum Metric: String, Sendable, Equatable, CaseIterable {
        case min, max, avg, sum
        case valueCount = "value_count"
        case stats, cardinality
    }

    /// What is computed.
    public var metric: Metric
    /// The field.
    public var field: String
    /// The value documents without one count with.
    public var missing: JSONValue?
    /// `cardinality`'s `precision_threshold` (read, not applied: counts are exact).
    public var precisionThreshold: Int?
    /// `format` (read, not applied).
    public var format: JSONValue?

    /// Creates a metric aggregation.
    public init(
        _ metric: Metric, field: String, missing: JSONValue? = nil, precisionThreshold: Int? = nil,
        format: JSONValue? = nil
    ) {
        self.metric = metric
        self.field = field
        self.missing = missing
        self.precisionThreshold = precisionThreshold
        self.format = format
    }
}

/// `top_hits`: the bucket's best hits.
public struct TopHitsAggregation: Sendable, Equatable {
    /// How many hits (3 when unset).
    public var size: Int?
    /// How many hits to skip (0 when unset).
    public var from: Int?
    /// The order (by score when empty).
    public var sort: [SortField]
    /// Which parts of `_source` each hit returns.
    public var source: SourceFilter?

    /// Creates a top hits aggregation.
    public init(size: Int? = nil, from: Int? = nil, sort: [SortField] = [], source: SourceFilter? = nil) {
        self.size = size
        self.from = from
        self.sort = sort
        self.source = source
    }
}
