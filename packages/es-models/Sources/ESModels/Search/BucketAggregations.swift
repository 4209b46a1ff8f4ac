/// `filters`: a bucket per query, keyed by name (`{"filters": {"a": {...}}}`) or by position
/// (`{"filters": [{...}]}`), with an optional bucket for the documents no query matches.
///
/// ```swift
/// let split = Aggregation(.filters(FiltersAggregation(
///     .keyed(["films": .term("type", "movie"), "shows": .term("type", "show")]), otherBucket: true)))
/// ```
public struct FiltersAggregation: Sendable, Equatable {
    /// The queries, by name or by position.
    public enum Filters: Sendable, Equatable {
        /// Buckets named by the keys (returned as an object unless `keyed` is `false`).
        case keyed([String: Query])
        /// Buckets named by their position (returned as an array unless `keyed` is `true`).
        case anonymous([Query])
    }

    /// The queries.
    public var filters: Filters
    /// Whether to add a bucket for the documents no query matches (`false` when unset).
    public var otherBucket: Bool?
    /// The key of that bucket (`_other_` when unset); setting it adds the bucket.
    public var otherBucketKey: String?
    /// Whether buckets come as an object by key (the form of ``filters`` when unset).
    public var keyed: Bool?

    /// Creates a filters aggregation.
    public init(
        _ filters: Filters, otherBucket: Bool? = nil, otherBucketKey: String? = nil, keyed: Bool? = nil
    ) {
        self.filters = filters
        self.otherBucket = otherBucket
        self.otherBucketKey = otherBucketKey
        self.keyed = keyed
    }
}

/// `range` and `date_range`: a bucket per range of a field's values, `from` inclusive, `to`
/// exclusive.
public struct RangeAggregation: Sendable, Equatable {
    /// One range; an unset bound is open.
    public struct Range: Sendable, Equatable {
        /// The bucket's key (`from-to` when unset).
        public var key: String?
        /// The lower bound, inclusive (a number, or date math for `date_range`).
        public var from: JSONValue?
        /// The upper bound, exclusive.
        public var to: JSONValue?

        /// Creates a range.
        public init(key: String? = nil, from: JSONValue? = nil, to: JSONValue? = nil) {
            self.key = key
            self.from = from
            self.to = to
        }
    }

    /// The field.
    public var field: String
    /// The ranges, in the order of the buckets.
    public var ranges: [Range]
    /// Whether buckets come as an object by key (`false` when unset).
    public var keyed: Bool?
    /// The date format of `date_range`'s keys and bounds.
    public var format: String?
    /// `date_range`'s time zone (read, not applied: bounds are UTC).
    public var timeZone: String?

    /// Creates a range aggregation.
    public init(
        field: String, ranges: [Range], keyed: Bool? = nil, format: String? = nil, timeZone: String? = nil
    ) {
        self.field = field
        self.ranges = ranges
        self.keyed = keyed
        self.format = format
        self.timeZone = timeZone
    }
}

/// `histogram`: a bucket per `interval` of a numeric field's values.
public struct HistogramAggregation: Sendable, Equatable {
    /// The field.
    public var field: String
    /// The bucket width (above 0).
    public var interval: Double
    /// Shifts the buckets' boundaries (0 when unset).
    public var offset: Double?
    /// The fewest documents a bucket needs (0 when unset).
    public var minDocCount: Int?
    /// The values buckets are made between even when empty.
    public var extendedBounds: ExtendedBounds<Double>?
    /// Whether buckets come as an object by key (`false` when unset).
    public var keyed: Bool?

    /// Creates a histogram aggregation.
    public init(
        field: String, interval: Double, offset: Double? = nil, minDocCount: Int? = nil,
        extendedBounds: ExtendedBounds<Double>? = nil, keyed: Bool? = nil
    ) {
        self.field = field
        self.interval = interval
        self.offset = offset
        self.minDocCount = minDocCount
        self.extendedBounds = extendedBounds
        self.keyed = keyed
    }
}

/// `date_histogram`: a bucket per calendar unit (`calendar_interval`) or fixed length
/// (`fixed_interval`) of a date field's values, in a time zone.
public struct DateHistogramAggregation: Sendable, Equatable {
    /// A calendar unit of `calendar_interval` (`1d` is `day`, `1M` is `month`, ...).
    public enum CalendarUnit: String, Sendable, Equatable, CaseIterable {
        case minute, hour, day, week, month, quarter, year
    }

    /// The bucket width.
    public enum Interval: Sendable, Equatable {
        /// `calendar_interval`: a calendar unit, whose length varies (months, daylight saving).
        case calendar(CalendarUnit)
        /// `fixed_interval`: a fixed length.
        case fixed(TimeValue)
    }

    /// The field.
    public var field: String
    /// The bucket width.
    public var interval: Interval
    /// The time zone buckets start in (UTC when unset).
    public var timeZone: String?
    /// The fewest documents a bucket needs (0 when unset).
    public var minDocCount: Int?
    /// The dates (or date math) buckets are made between even when empty.
    public var extendedBounds: ExtendedBounds<JSONValue>?
    /// The date format of the keys (the field's when unset).
    public var format: String?
    /// Whether buckets come as an object by key (`false` when unset).
    public var keyed: Bool?
    /// Shifts the buckets' starts, in milliseconds (may be negative).
    public var offset: Int64?

    /// Creates a date histogram aggregation.
    public init(
        field: String, interval: Interval, timeZone: String? = nil, minDocCount: Int? = nil,
        extendedBounds: ExtendedBounds<JSONValue>? = nil, format: String? = nil, keyed: Bool? = nil,
        offset: Int64? = nil
    ) {
        self.field = field
        self.interval = interval
        self.timeZone = timeZone
        self.minDocCount = minDocCount
        self.extendedBounds = extendedBounds
        self.format = format
        self.keyed = keyed
        self.offset = offset
    }
}

/// `extended_bounds` of `histogram` (numbers) and `date_histogram` (dates or date math): the
/// range buckets are made for even when empty.
public struct ExtendedBounds<Bound: Sendable & Equatable>: Sendable, Equatable {
    /// The lowest bucket's value.
    public var min: Bound
    /// The highest bucket's value.
    public var max: Bound

    /// Creates bounds.
    public init(min: Bound, max: Bound) {
        self.min = min
        self.max = max
    }
}
