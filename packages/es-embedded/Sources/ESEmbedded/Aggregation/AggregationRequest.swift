import ESModels

/// One named aggregation of a search body, decoded: its kind with the parameters Elasticsearch
/// takes for it, and its sub-aggregations.
struct AggregationRequest: Sendable {
    /// A `range` or `date_range` bucket: `from` inclusive, `to` exclusive.
    struct Range: Sendable {
        var key: String?
        var from: JSONValue?
        var to: JSONValue?
    }

    /// How buckets of a `terms` aggregation are ordered.
    struct Order: Sendable {
        /// `_count`, `_key` (or `_term`), or a sub-aggregation path (`price`, `stats.max`).
        var path: String
        var ascending: Bool
    }

    enum Kind: Sendable {
        case terms(field: String, size: Int, minDocCount: Int, order: [Order], missing: JSONValue?)
        case filter(Query)
        case filters([(key: String, query: Query)], keyed: Bool, otherBucketKey: String?)
        case nested(path: String)
        case reverseNested(path: String?)
        case range(field: String, ranges: [Range], keyed: Bool, date: Bool, format: String?)
        case histogram(
            field: String, interval: Double, offset: Double, minDocCount: Int, bounds: (Double, Double)?,
            keyed: Bool)
        case dateHistogram(
            field: String, interval: DateInterval, timeZone: String?, minDocCount: Int,
            bounds: (JSONValue, JSONValue)?, format: String?, keyed: Bool, offset: Int64)
        case metric(Metric, field: String, missing: JSONValue?)
        case topHits(size: Int, from: Int, sort: [SortField], source: SourceFilter?)
    }

    /// The single-value and multi-value metrics.
    enum Metric: String, Sendable, CaseIterable {
        case min, max, avg, sum
        case valueCount = "value_count"
        case stats, cardinality
    }

    /// A `date_histogram` interval.
    enum DateInterval: Sendable {
        /// A calendar unit: minute, hour, day, week, month, quarter or year.
        case calendar(CalendarUnit)
        /// A fixed number of milliseconds.
        case fixed(Int64)
    }

    enum CalendarUnit: String, Sendable {
        case minute, hour, day, week, month, quarter, year
    }

    var name: String
    var kind: Kind
    var subAggregations: [AggregationRequest]
    var meta: JSONValue?

    static let bucketTypes = [
        "terms", "filter", "filters", "nested", "reverse_nested", "range", "date_range", "histogram",
        "date_histogram",
    ]
    static let knownTypes = bucketTypes + Metric.allCases.map(\.rawValue) + ["top_hits"]

    /// Decodes the `aggs` object of a search body.
    ///
    /// - Throws: `parsing_exception` as Elasticsearch words it (`Unknown aggregation type [x]`,
    ///   `Expected [START_OBJECT] under [field], but got a [VALUE_STRING] in [agg]`, ...), or
    ///   `illegal_argument_exception` for a missing required parameter.
    static func list(json: JSONValue) throws -> [AggregationRequest] {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [aggregations], but got a [\(json.tokenName)]")
        }
        return try members.keys.sorted().map { name in
            try AggregationRequest(name: name, json: members[name] ?? .null)
        }
    }

    private init(name: String, json: JSONValue) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [\(name)], but got a [\(json.tokenName)] in [\(name)]")
        }
        self.name = name
        meta = members.removeValue(forKey: "meta")
        let subs = members.removeValue(forKey: "aggs") ?? members.removeValue(forKey: "aggregations")
        subAggregations = try subs.map(Self.list(json:)) ?? []
        guard let type = members.keys.sorted().first, let body = members[type] else {
            throw ElasticsearchError.parsing("Missing definition for aggregation [\(name)]")
        }
        if members.count > 1 {
            let second = members.keys.sorted()[1]
            throw ElasticsearchError.parsing(
                "Found two aggregation type definitions in [\(name)]: [\(type)] and [\(second)]")
        }
        guard Self.knownTypes.contains(type) else {
            let suggestion =
                Self.knownTypes.first { Self.isNear($0, type) }.map { " did you mean [\($0)]?" } ?? ""
            throw ElasticsearchError.parsing("Unknown aggregation type [\(type)]\(suggestion)")
        }
        kind = try Self.kind(type, body: body, name: name)
        if case .metric = kind, !subAggregations.isEmpty {
            throw ElasticsearchError(
                type: "aggregation_initialization_exception",
                reason: "Aggregator [\(name)] of type [\(type)] cannot accept sub-aggregations", status: 400)
        }
    }

    private static func isNear(_ candidate: String, _ typed: String) -> Bool {
        candidate.hasPrefix(typed) || typed.hasPrefix(candidate)
            || (abs(candidate.count - typed.count) <= 1
                && Set(candidate).symmetricDifference(Set(typed)).count <= 2)
    }

    private static func kind(_ type: String, body: JSONValue, name: String) throws -> Kind {
        if type == "filter" { return .filter(try Query(json: body)) }
        guard case .object(let parameters) = body else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [\(type)], but got a [\(body.tokenName)] in [\(name)]")
        }
        var reader = BodyReader(members: parameters, name: type)
        func field() throws -> String {
            guard let field = try reader.string("field") else {
                throw ElasticsearchError.illegalArgument(
                    "Required one of fields [field, script], but none were specified. ")
            }
            return field
        }
        let kind: Kind
        switch type {
        case "terms":
            let field = try field()
            let size = try reader.int("size") ?? 10
            guard size > 0 else {
                throw ElasticsearchError.illegalArgument(
                    "[size] must be greater than 0. Found [\(size)] in [\(name)]")
            }
            let minDocCount = try reader.int("min_doc_count") ?? 1
            _ = try reader.int("shard_size")
            _ = reader.value("execution_hint")
            _ = reader.value("collect_mode")
            _ = try reader.bool("show_term_doc_count_error")
            let order = try reader.value("order").map(Self.orders) ?? []
            kind = .terms(
                field: field, size: size, minDocCount: minDocCount, order: order,
                missing: reader.value("missing"))
        case "filters":
            let otherBucket = try reader.bool("other_bucket")
            let otherKey = try reader.string("other_bucket_key")
            let keyedByDefault: Bool
            var filters: [(key: String, query: Query)] = []
            switch reader.value("filters") {
            case .object(let named)?:
                keyedByDefault = true
                for key in named.keys.sorted() { filters.append((key, try Query(json: named[key] ?? .null))) }
            case .array(let list)?:
                keyedByDefault = false
                for (position, item) in list.enumerated() {
                    filters.append((String(position), try Query(json: item)))
                }
            default:
                throw ElasticsearchError.illegalArgument("[filters] cannot be null.")
            }
            let keyed = try reader.bool("keyed") ?? keyedByDefault
            let other = otherKey ?? ((otherBucket ?? false) ? "_other_" : nil)
            kind = .filters(filters, keyed: keyed, otherBucketKey: other)
        case "nested":
            guard let path = try reader.string("path") else {
                throw ElasticsearchError.parsing("Missing [path] field for nested aggregation [\(name)]")
            }
            kind = .nested(path: path)
        case "reverse_nested":
            kind = .reverseNested(path: try reader.string("path"))
        case "range", "date_range":
            let field = try field()
            guard case .array(let list)? = reader.value("ranges") else {
                throw ElasticsearchError.illegalArgument(
                    "No [ranges] specified for the [\(name)] aggregation")
            }
            let ranges = try list.map { item -> Range in
                var range = try BodyReader(item, name: "range")
                let parsed = Range(
                    key: try range.string("key"), from: range.value("from"), to: range.value("to"))
                try range.rejectUnknownFields()
                return parsed
            }
            kind = .range(
                field: field, ranges: ranges, keyed: try reader.bool("keyed") ?? false,
                date: type == "date_range",
                format: try reader.string("format"))
            _ = reader.value("time_zone")
        case "histogram":
            let field = try field()
            guard let interval = try reader.double("interval"), interval > 0 else {
                throw ElasticsearchError.illegalArgument(
                    "[interval] must be >0 for histogram aggregation [\(name)]")
            }
            var bounds: (Double, Double)?
            if let extended = reader.value("extended_bounds") {
                var bound = try BodyReader(extended, name: "extended_bounds")
                if let low = try bound.double("min"), let high = try bound.double("max") {
                    bounds = (low, high)
                }
            }
            kind = .histogram(
                field: field, interval: interval, offset: try reader.double("offset") ?? 0,
                minDocCount: try reader.int("min_doc_count") ?? 0, bounds: bounds,
                keyed: try reader.bool("keyed") ?? false)
        case "date_histogram":
            let field = try field()
            let interval: DateInterval
            if let calendar = try reader.string("calendar_interval") {
                guard let unit = Self.calendarUnit(calendar) else {
                    throw ElasticsearchError.illegalArgument(
                        "The supplied interval [\(calendar)] could not be parsed as a calendar interval.")
                }
                interval = .calendar(unit)
            } else if let fixed = try reader.string("fixed_interval") {
                guard let millis = try? KeepAlive(parsing: fixed, setting: "date_histogram.fixedInterval"),
                    millis.milliseconds > 0
                else {
                    throw ElasticsearchError.illegalArgument(
                        "failed to parse setting [date_histogram.fixedInterval] with value [\(fixed)] as a time value: unit is missing or unrecognized"
                    )
                }
                interval = .fixed(millis.milliseconds)
            } else if reader.contains("interval") {
                throw ElasticsearchError.illegalArgument(
                    "[interval] on [date_histogram] is deprecated and removed; use [calendar_interval] or [fixed_interval]"
                )
            } else {
                throw ElasticsearchError.illegalArgument(
                    "Invalid interval specified, must be non-null and non-empty")
            }
            var bounds: (JSONValue, JSONValue)?
            if let extended = reader.value("extended_bounds") {
                var bound = try BodyReader(extended, name: "extended_bounds")
                if let low = bound.value("min"), let high = bound.value("max") { bounds = (low, high) }
            }
            var offset: Int64 = 0
            if let text = try reader.string("offset") {
                let negative = text.hasPrefix("-")
                let magnitude = try KeepAlive(
                    parsing: String(text.drop { $0 == "+" || $0 == "-" }), setting: "offset")
                offset = negative ? -magnitude.milliseconds : magnitude.milliseconds
            }
            kind = .dateHistogram(
                field: field, interval: interval, timeZone: try reader.string("time_zone"),
                minDocCount: try reader.int("min_doc_count") ?? 0, bounds: bounds,
                format: try reader.string("format"),
                keyed: try reader.bool("keyed") ?? false, offset: offset)
        case "top_hits":
            let sort = try reader.value("sort").map(SortField.list(json:)) ?? []
            kind = .topHits(
                size: try reader.int("size") ?? 3, from: try reader.int("from") ?? 0, sort: sort,
                source: try reader.value("_source").map(SourceFilter.init(json:)))
        default:
            guard let metric = Metric(rawValue: type) else {
                throw ElasticsearchError.parsing("Unknown aggregation type [\(type)]")
            }
            _ = try reader.int("precision_threshold")
            _ = reader.value("format")
            kind = .metric(metric, field: try field(), missing: reader.value("missing"))
        }
        if let unknown = reader.unreadKeys.sorted().first {
            throw ElasticsearchError.parsing("[\(type)] unknown field [\(unknown)]")
        }
        return kind
    }

    private static func calendarUnit(_ text: String) -> CalendarUnit? {
        switch text {
        case "minute", "1m": .minute
        case "hour", "1h": .hour
        case "day", "1d": .day
        case "week", "1w": .week
        case "month", "1M": .month
        case "quarter", "1q": .quarter
        case "year", "1y": .year
        default: nil
        }
    }

    private static func orders(_ json: JSONValue) throws -> [Order] {
        let items: [JSONValue]
        if case .array(let list) = json { items = list } else { items = [json] }
        return try items.map { item in
            guard case .object(let members) = item, members.count == 1, let (path, direction) = members.first,
                let text = direction.stringValue?.lowercased(), text == "asc" || text == "desc"
            else {
                throw ElasticsearchError.parsing("Unknown terms order direction [\(item.compactString)]")
            }
            return Order(path: path == "_term" ? "_key" : path, ascending: text == "asc")
        }
    }
}
