extension TermsAggregation: JSONConvertible {
    /// Decodes `{"field": "f", "size": 10, "min_doc_count": 1, "order": {"_count": "desc"}, "missing": ...}`
    /// (`order` also as a list of such objects), with es-models' wording of errors.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "terms")
        try self.init(reading: &reader, name: "terms", wording: .client)
        try reader.rejectUnknownFields()
    }

    /// Reads the members of the `terms` aggregation called `name` (`shard_size`,
    /// `execution_hint`, `collect_mode` and `show_term_doc_count_error` are read and dropped:
    /// counts are exact).
    init(reading reader: inout JSONObjectReader, name: String, wording: ErrorWording) throws {
        self.init(field: try reader.aggregatedField(wording))
        size = try reader.int("size")
        if let size, size <= 0 {
            throw ElasticsearchError.illegalArgument(
                "[size] must be greater than 0. Found [\(size)] in [\(name)]")
        }
        minDocCount = try reader.int("min_doc_count")
        _ = try reader.int("shard_size")
        _ = reader.value("execution_hint")
        _ = reader.value("collect_mode")
        _ = try reader.bool("show_term_doc_count_error")
        if let spec = reader.value("order") {
            order = try wording == .node ? Self.nodeOrders(spec) : Self.clientOrders(spec)
        }
        missing = reader.value("missing")
    }

    /// Criteria of one or more members per object; a direction is named in the error.
    private static func clientOrders(_ spec: JSONValue) throws -> [Order] {
        try (spec.arrayValue ?? [spec]).flatMap { entry -> [Order] in
            guard case .object(let criteria) = entry else {
                throw ElasticsearchError.parsing("[terms] failed to parse field [order]")
            }
            return try criteria.sorted { $0.key < $1.key }.map { path, direction in
                guard let text = direction.stringValue,
                    let parsed = SortField.Order(rawValue: text.lowercased())
                else {
                    throw ElasticsearchError.parsing(
                        "Unknown terms order direction [\(direction.stringValue ?? direction.compactString)]")
                }
                return Order(path, parsed)
            }
        }
    }

    /// One criterion per object, as an Elasticsearch node reads them; the whole criterion is
    /// named in the error.
    private static func nodeOrders(_ spec: JSONValue) throws -> [Order] {
        try (spec.arrayValue ?? [spec]).map { item in
            guard case .object(let members) = item, members.count == 1, let (path, direction) = members.first,
                let text = direction.stringValue?.lowercased(), let parsed = SortField.Order(rawValue: text)
            else {
                throw ElasticsearchError.parsing("Unknown terms order direction [\(item.compactString)]")
            }
            return Order(path, parsed)
        }
    }

    /// The body, leaving out what is unset; one order criterion as an object, several as a list.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field)]
        members["size"] = size.map(JSONValue.int)
        members["min_doc_count"] = minDocCount.map(JSONValue.int)
        let orders = order.map { JSONValue.object([$0.path: .string($0.order.rawValue)]) }
        if orders.count == 1 {
            members["order"] = orders[0]
        } else if !orders.isEmpty {
            members["order"] = .array(orders)
        }
        members["missing"] = missing
        return .object(members)
    }
}

extension FiltersAggregation {
    /// Reads `filters` (an object of queries by name, or an array), `other_bucket`,
    /// `other_bucket_key` and `keyed`.
    init(reading reader: inout JSONObjectReader) throws {
        let otherBucket = try reader.bool("other_bucket")
        let otherBucketKey = try reader.string("other_bucket_key")
        let filters: Filters
        switch reader.value("filters") {
        case .object(let named)?:
            var queries: [String: Query] = [:]
            for key in named.keys.sorted() { queries[key] = try Query(json: named[key] ?? .null) }
            filters = .keyed(queries)
        case .array(let list)?:
            filters = .anonymous(try list.map(Query.init(json:)))
        default:
            throw ElasticsearchError.illegalArgument("[filters] cannot be null.")
        }
        self.init(
            filters, otherBucket: otherBucket, otherBucketKey: otherBucketKey, keyed: try reader.bool("keyed")
        )
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        switch filters {
        case .keyed(let named): members["filters"] = .object(named.mapValues(\.json))
        case .anonymous(let list): members["filters"] = .array(list.map(\.json))
        }
        members["other_bucket"] = otherBucket.map(JSONValue.bool)
        members["other_bucket_key"] = otherBucketKey.map(JSONValue.string)
        members["keyed"] = keyed.map(JSONValue.bool)
        return .object(members)
    }
}

extension RangeAggregation {
    /// Reads `field`, `ranges` (objects of `key`, `from` and `to`), `keyed`, `format` and
    /// `time_zone`.
    init(reading reader: inout JSONObjectReader, name: String, wording: ErrorWording) throws {
        let field = try reader.aggregatedField(wording)
        guard case .array(let list)? = reader.value("ranges") else {
            throw ElasticsearchError.illegalArgument("No [ranges] specified for the [\(name)] aggregation")
        }
        let ranges = try list.map { item -> Range in
            var range = try JSONObjectReader.member(item, name: "range", wording: wording)
            let parsed = Range(key: try range.string("key"), from: range.value("from"), to: range.value("to"))
            try range.rejectUnknownFields()
            return parsed
        }
        self.init(
            field: field, ranges: ranges, keyed: try reader.bool("keyed"), format: try reader.string("format")
        )
        timeZone = reader.value("time_zone")?.stringValue
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field)]
        members["ranges"] = .array(
            ranges.map { range in
                var bounds: [String: JSONValue] = [:]
                bounds["key"] = range.key.map(JSONValue.string)
                bounds["from"] = range.from
                bounds["to"] = range.to
                return .object(bounds)
            })
        members["keyed"] = keyed.map(JSONValue.bool)
        members["format"] = format.map(JSONValue.string)
        members["time_zone"] = timeZone.map(JSONValue.string)
        return .object(members)
    }
}

extension HistogramAggregation {
    /// Reads `field`, `interval`, `extended_bounds` (kept only with both `min` and `max`),
    /// `offset`, `min_doc_count` and `keyed`.
    init(reading reader: inout JSONObjectReader, name: String, wording: ErrorWording) throws {
        let field = try reader.aggregatedField(wording)
        guard let interval = try reader.double("interval"), interval > 0 else {
            throw ElasticsearchError.illegalArgument(
                "[interval] must be >0 for histogram aggregation [\(name)]")
        }
        let bounds = try reader.extendedBounds(wording) { try $0.double($1) }
        self.init(
            field: field, interval: interval, offset: try reader.double("offset"),
            minDocCount: try reader.int("min_doc_count"), extendedBounds: bounds,
            keyed: try reader.bool("keyed"))
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field), "interval": .double(interval)]
        members["offset"] = offset.map(JSONValue.double)
        members["min_doc_count"] = minDocCount.map(JSONValue.int)
        members["extended_bounds"] = extendedBounds.map { ["min": .double($0.min), "max": .double($0.max)] }
        members["keyed"] = keyed.map(JSONValue.bool)
        return .object(members)
    }
}

extension DateHistogramAggregation {
    /// Reads `field`, `calendar_interval` or `fixed_interval`, `extended_bounds` (kept only
    /// with both `min` and `max`), `offset` (`+1h`, `-30m`), `time_zone`, `min_doc_count`,
    /// `format` and `keyed`.
    init(reading reader: inout JSONObjectReader, wording: ErrorWording) throws {
        let field = try reader.aggregatedField(wording)
        let interval: Interval
        if let calendar = try reader.string("calendar_interval") {
            guard let unit = CalendarUnit(spec: calendar) else {
                throw ElasticsearchError.illegalArgument(
                    "The supplied interval [\(calendar)] could not be parsed as a calendar interval.")
            }
            interval = .calendar(unit)
        } else if let fixed = try reader.string("fixed_interval") {
            guard let length = try? TimeValue(parsing: fixed, setting: "date_histogram.fixedInterval"),
                length.milliseconds > 0
            else {
                throw ElasticsearchError.illegalArgument(
                    "failed to parse setting [date_histogram.fixedInterval] with value [\(fixed)] as a time value: unit is missing or unrecognized"
                )
            }
            interval = .fixed(length)
        } else if reader.contains("interval") {
            throw ElasticsearchError.illegalArgument(
                "[interval] on [date_histogram] is deprecated and removed; use [calendar_interval] or [fixed_interval]"
            )
        } else {
            throw ElasticsearchError.illegalArgument(
                "Invalid interval specified, must be non-null and non-empty")
        }
        let bounds = try reader.extendedBounds(wording) { $0.value($1) }
        var offset: Int64?
        if let text = try reader.string("offset") {
            let negative = text.hasPrefix("-")
            let magnitude = try TimeValue(
                parsing: String(text.drop { $0 == "+" || $0 == "-" }), setting: "offset")
            offset = negative ? -magnitude.milliseconds : magnitude.milliseconds
        }
        self.init(
            field: field, interval: interval, timeZone: try reader.string("time_zone"),
            minDocCount: try reader.int("min_doc_count"), extendedBounds: bounds,
            format: try reader.string("format"),
            keyed: try reader.bool("keyed"), offset: offset)
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field)]
        switch interval {
        case .calendar(let unit): members["calendar_interval"] = .string(unit.rawValue)
        case .fixed(let length): members["fixed_interval"] = .string(length.description)
        }
        members["time_zone"] = timeZone.map(JSONValue.string)
        members["min_doc_count"] = minDocCount.map(JSONValue.int)
        members["extended_bounds"] = extendedBounds.map { ["min": $0.min, "max": $0.max] }
        members["format"] = format.map(JSONValue.string)
        members["keyed"] = keyed.map(JSONValue.bool)
        members["offset"] = offset.map { .string("\($0)ms") }
        return .object(members)
    }
}

extension DateHistogramAggregation.CalendarUnit {
    /// A unit's name (`day`) or its one-unit form (`1d`; `1M` is a month, `1m` a minute).
    init?(spec: String) {
        switch spec {
        case "minute", "1m": self = .minute
        case "hour", "1h": self = .hour
        case "day", "1d": self = .day
        case "week", "1w": self = .week
        case "month", "1M": self = .month
        case "quarter", "1q": self = .quarter
        case "year", "1y": self = .year
        default: return nil
        }
    }
}

extension JSONObjectReader {
    /// Reads `extended_bounds`, kept only with both `min` and `max` (`max` is not read
    /// without `min`), each read by `read`.
    mutating func extendedBounds<Bound>(
        _ wording: ErrorWording, _ read: (inout JSONObjectReader, String) throws -> Bound?
    ) throws -> ExtendedBounds<Bound>? {
        guard let extended = value("extended_bounds") else { return nil }
        var bound = try JSONObjectReader.member(extended, name: "extended_bounds", wording: wording)
        guard let low = try read(&bound, "min"), let high = try read(&bound, "max") else { return nil }
        return ExtendedBounds(min: low, max: high)
    }
}
