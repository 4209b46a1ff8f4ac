extension Aggregation: JSONConvertible {
    /// The aggregation types decoded, in the order a "did you mean" picks its suggestion from.
    static let typeNames =
        [
            "terms", "filter", "filters", "nested", "reverse_nested", "range", "date_range", "histogram",
            "date_histogram",
        ] + MetricAggregation.Metric.allCases.map(\.rawValue) + ["top_hits"]

    /// Decodes `{"terms": {...}, "aggs": {...}}`, with es-models' wording of errors.
    ///
    /// - Throws: `parsing_exception` as Elasticsearch words it: "Unknown aggregation type [x]",
    ///   "Found two aggregation type definitions in [name]: [a] and [b]", "Missing definition
    ///   for aggregation [name]".
    public init(json: JSONValue) throws {
        try self.init(json: json, name: "aggregation", wording: .client)
    }

    /// Decodes an `aggs` object: aggregations by name, with es-models' wording of errors.
    public static func list(json: JSONValue) throws -> [String: Aggregation] {
        try list(json: json, wording: .client)
    }

    /// Decodes an `aggs` object: aggregations by name.
    ///
    /// The aggregations are read in name order, so that of several malformed ones the first
    /// by name is reported.
    ///
    /// - Parameters:
    ///   - json: the `aggs` (or `aggregations`) object: names to aggregation bodies.
    ///   - wording: `.node` words errors as an Elasticsearch node answers them ("Unknown
    ///     aggregation type [term] did you mean [terms]?", unknown members as
    ///     `parsing_exception`, ...).
    /// - Throws: ``ElasticsearchError`` `parsing_exception` "Expected [START_OBJECT] under
    ///   [aggregations], but got a [TOKEN]" and the errors of ``init(json:name:wording:)``.
    public static func list(json: JSONValue, wording: ErrorWording) throws -> [String: Aggregation] {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [aggregations], but got a [\(json.tokenName)]")
        }
        var result: [String: Aggregation] = [:]
        for name in members.keys.sorted() {
            result[name] = try Aggregation(json: members[name] ?? .null, name: name, wording: wording)
        }
        return result
    }

    /// Decodes the aggregation called `name` (sub-aggregations first, then its type).
    ///
    /// - Throws: `parsing_exception` for a malformed envelope or an unknown type,
    ///   `illegal_argument_exception` for a missing required parameter,
    ///   `aggregation_initialization_exception` for sub-aggregations under a metric.
    public init(json: JSONValue, name: String, wording: ErrorWording) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [\(name)], but got a [\(json.tokenName)] in [\(name)]")
        }
        let meta = members.removeValue(forKey: "meta")
        let subs = members.removeValue(forKey: "aggs") ?? members.removeValue(forKey: "aggregations")
        let aggregations = try subs.map { try Self.list(json: $0, wording: wording) } ?? [:]
        let types = members.keys.sorted()
        guard let type = types.first, let body = members[type] else {
            throw ElasticsearchError.parsing("Missing definition for aggregation [\(name)]")
        }
        if types.count > 1 {
            throw ElasticsearchError.parsing(
                "Found two aggregation type definitions in [\(name)]: [\(type)] and [\(types[1])]")
        }
        guard Self.typeNames.contains(type) else {
            let suggestion =
                wording == .node
                ? Self.typeNames.first { Self.isNear($0, type) }.map { " did you mean [\($0)]?" } ?? "" : ""
            throw ElasticsearchError.parsing("Unknown aggregation type [\(type)]\(suggestion)")
        }
        let kind = try Kind(type: type, body: body, name: name, wording: wording)
        if case .metric = kind, !aggregations.isEmpty {
            throw ElasticsearchError(
                type: "aggregation_initialization_exception",
                reason: "Aggregator [\(name)] of type [\(type)] cannot accept sub-aggregations", status: 400)
        }
        self.init(kind, aggregations: aggregations, meta: meta)
    }

    private static func isNear(_ candidate: String, _ typed: String) -> Bool {
        candidate.hasPrefix(typed) || typed.hasPrefix(candidate)
            || (abs(candidate.count - typed.count) <= 1
                && Set(candidate).symmetricDifference(Set(typed)).count <= 2)
    }

    /// `{"terms": {...}}`, with `aggs` when there are sub-aggregations and `meta` when set.
    public var json: JSONValue {
        var members: [String: JSONValue] = [kind.name: kind.body]
        if !aggregations.isEmpty { members["aggs"] = .object(aggregations.mapValues(\.json)) }
        members["meta"] = meta
        return .object(members)
    }
}

extension Aggregation.Kind {
    /// Decodes the body of an aggregation of `type` (one of ``Aggregation/typeNames``).
    init(type: String, body: JSONValue, name: String, wording: ErrorWording) throws {
        if type == "filter" {
            self = .filter(try Query(json: body))
            return
        }
        if wording == .node, body.objectValue == nil {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [\(type)], but got a [\(body.tokenName)] in [\(name)]")
        }
        var reader = try JSONObjectReader(body, name: type)
        switch type {
        case "terms": self = .terms(try TermsAggregation(reading: &reader, name: name, wording: wording))
        case "filters": self = .filters(try FiltersAggregation(reading: &reader))
        case "nested":
            guard let path = try reader.string("path") else {
                throw wording == .node
                    ? ElasticsearchError.parsing("Missing [path] field for nested aggregation [\(name)]")
                    : ElasticsearchError.illegalArgument("[path] must not be null: [\(name)]")
            }
            self = .nested(path: path)
        case "reverse_nested": self = .reverseNested(path: try reader.string("path"))
        case "range", "date_range":
            let range = try RangeAggregation(reading: &reader, name: name, wording: wording)
            self = type == "range" ? .range(range) : .dateRange(range)
        case "histogram":
            self = .histogram(try HistogramAggregation(reading: &reader, name: name, wording: wording))
        case "date_histogram":
            self = .dateHistogram(try DateHistogramAggregation(reading: &reader, wording: wording))
        case "top_hits": self = .topHits(try TopHitsAggregation(reading: &reader))
        default:
            guard let metric = MetricAggregation.Metric(rawValue: type) else {
                throw ElasticsearchError.parsing("Unknown aggregation type [\(type)]")
            }
            self = .metric(try MetricAggregation(metric, reading: &reader, wording: wording))
        }
        switch wording {
        case .client: try reader.rejectUnknownFields()
        case .node:
            if let unknown = reader.unreadKeys.first {
                throw ElasticsearchError.parsing("[\(type)] unknown field [\(unknown)]")
            }
        }
    }

    /// The body under the type's name.
    var body: JSONValue {
        switch self {
        case .terms(let terms): terms.json
        case .nested(let path): ["path": .string(path)]
        case .filter(let query): query.json
        case .filters(let filters): filters.json
        case .reverseNested(let path): .object(path.map { ["path": .string($0)] } ?? [:])
        case .range(let range), .dateRange(let range): range.json
        case .histogram(let histogram): histogram.json
        case .dateHistogram(let histogram): histogram.json
        case .metric(let metric): metric.json
        case .topHits(let topHits): topHits.json
        }
    }
}

extension JSONObjectReader {
    /// Reads the `field` every values-source aggregation requires.
    mutating func aggregatedField(_ wording: ErrorWording) throws -> String {
        guard let field = try string("field") else {
            // An Elasticsearch node's sentence ends with a space.
            throw ElasticsearchError.illegalArgument(
                "Required one of fields [field, script], but none were specified."
                    + (wording == .node ? " " : ""))
        }
        return field
    }

    /// A reader of a member's object; an Elasticsearch node refuses a value that is not one
    /// as `parsing_exception`.
    static func member(_ json: JSONValue, name: String, wording: ErrorWording) throws -> JSONObjectReader {
        if wording == .node, json.objectValue == nil {
            throw ElasticsearchError.parsing("[\(name)] expected an object, found [\(json.tokenName)]")
        }
        return try JSONObjectReader(json, name: name)
    }
}
