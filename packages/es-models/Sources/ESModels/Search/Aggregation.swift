/// One aggregation of a search (the values of its `aggs` member), with its sub-aggregations:
/// `terms` buckets on a field, `nested` to reach the objects of a nested field, `filter` to
/// narrow the documents counted.
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
    }

    /// What the aggregation computes.
    public var kind: Kind
    /// The aggregations computed in each of its buckets, by name.
    public var aggregations: [String: Aggregation]

    /// Creates an aggregation.
    public init(_ kind: Kind, aggregations: [String: Aggregation] = [:]) {
        self.kind = kind
        self.aggregations = aggregations
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
    /// The bucket order (most documents first, then by value, when empty).
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

extension Aggregation: JSONConvertible {
    /// Decodes `{"terms": {...}, "aggs": {...}}`.
    ///
    /// - Throws: `parsing_exception` as Elasticsearch words it: "Unknown aggregation type [x]",
    ///   "Found two aggregation type definitions in [name]: [a] and [b]", "Missing definition
    ///   for aggregation [name]".
    public init(json: JSONValue) throws {
        try self.init(json: json, name: "aggregation")
    }

    /// Decodes an `aggs` object: aggregations by name.
    public static func list(json: JSONValue) throws -> [String: Aggregation] {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [aggregations], but got a [\(json.tokenName)]")
        }
        var result: [String: Aggregation] = [:]
        for (name, body) in members { result[name] = try Aggregation(json: body, name: name) }
        return result
    }

    init(json: JSONValue, name: String) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing(
                "Expected [START_OBJECT] under [\(name)], but got a [\(json.tokenName)] in [\(name)]")
        }
        let subs = members.removeValue(forKey: "aggs") ?? members.removeValue(forKey: "aggregations")
        let types = members.keys.sorted()
        guard let type = types.first, let body = members[type] else {
            throw ElasticsearchError.parsing("Missing definition for aggregation [\(name)]")
        }
        if types.count > 1 {
            throw ElasticsearchError.parsing(
                "Found two aggregation type definitions in [\(name)]: [\(type)] and [\(types[1])]")
        }
        let kind: Kind
        switch type {
        case "terms": kind = .terms(try TermsAggregation(json: body))
        case "nested":
            var reader = try JSONObjectReader(body, name: "nested")
            guard let path = try reader.string("path") else {
                throw ElasticsearchError.illegalArgument("[path] must not be null: [\(name)]")
            }
            try reader.rejectUnknownFields()
            kind = .nested(path: path)
        case "filter": kind = .filter(try Query(json: body))
        default: throw ElasticsearchError.parsing("Unknown aggregation type [\(type)]")
        }
        self.init(kind, aggregations: try subs.map(Self.list(json:)) ?? [:])
    }

    /// `{"terms": {...}}`, with `aggs` when there are sub-aggregations.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        switch kind {
        case .terms(let terms): members["terms"] = terms.json
        case .nested(let path): members["nested"] = ["path": .string(path)]
        case .filter(let query): members["filter"] = query.json
        }
        if !aggregations.isEmpty { members["aggs"] = .object(aggregations.mapValues(\.json)) }
        return .object(members)
    }
}

extension TermsAggregation: JSONConvertible {
    /// Decodes `{"field": "f", "size": 10, "min_doc_count": 1, "order": {"_count": "desc"}, "missing": ...}`
    /// (`order` also as a list of such objects).
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "terms")
        guard let field = try reader.string("field") else {
            throw ElasticsearchError.illegalArgument(
                "Required one of fields [field, script], but none were specified.")
        }
        self.init(field: field, size: try reader.int("size"), minDocCount: try reader.int("min_doc_count"))
        if let spec = reader.value("order") {
            let entries = spec.arrayValue ?? [spec]
            order = try entries.flatMap { entry -> [Order] in
                guard case .object(let criteria) = entry else {
                    throw ElasticsearchError.parsing("[terms] failed to parse field [order]")
                }
                return try criteria.sorted { $0.key < $1.key }.map { path, direction in
                    guard let text = direction.stringValue,
                        let parsed = SortField.Order(rawValue: text.lowercased())
                    else {
                        throw ElasticsearchError.parsing(
                            "Unknown terms order direction [\(direction.stringValue ?? direction.compactString)]"
                        )
                    }
                    return Order(path, parsed)
                }
            }
        }
        missing = reader.value("missing")
        try reader.rejectUnknownFields()
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
