/// The answer to one aggregation: the buckets of a `terms` aggregation, the document count of a
/// single-bucket one (`nested`, `filter`) with its sub-aggregations, or a metric's value.
///
/// ```swift
/// let response = try await backend.search("assetflat", request: request)
/// for bucket in response.aggregations?["type"]?.buckets ?? [] {
///     print(bucket.key, bucket.docCount)          // "movie" 12
/// }
/// ```
public struct AggregationResult: Sendable, Equatable {
    /// The documents in the bucket, for single-bucket aggregations.
    public var docCount: Int?
    /// The buckets, for multi-bucket aggregations (`terms`), in the order asked for.
    public var buckets: [AggregationBucket]?
    /// The documents in buckets that were not returned (`terms`).
    public var sumOtherDocCount: Int?
    /// The worst error in a bucket's count (`terms`; 0 on one shard).
    public var docCountErrorUpperBound: Int?
    /// A metric's value (`null` when no document had one).
    public var value: JSONValue?
    /// Sub-aggregations of a single-bucket aggregation, by name.
    public var aggregations: [String: AggregationResult]

    /// Creates a result.
    public init(
        docCount: Int? = nil, buckets: [AggregationBucket]? = nil, sumOtherDocCount: Int? = nil,
        docCountErrorUpperBound: Int? = nil, value: JSONValue? = nil,
        aggregations: [String: AggregationResult] = [:]
    ) {
        self.docCount = docCount
        self.buckets = buckets
        self.sumOtherDocCount = sumOtherDocCount
        self.docCountErrorUpperBound = docCountErrorUpperBound
        self.value = value
        self.aggregations = aggregations
    }
}

/// One bucket of a multi-bucket aggregation.
public struct AggregationBucket: Sendable, Equatable {
    /// The value the bucket stands for.
    public var key: JSONValue
    /// The key as text, for dates and booleans.
    public var keyAsString: String?
    /// The documents in the bucket.
    public var docCount: Int
    /// Sub-aggregations in the bucket, by name.
    public var aggregations: [String: AggregationResult]

    /// Creates a bucket.
    public init(
        key: JSONValue, keyAsString: String? = nil, docCount: Int,
        aggregations: [String: AggregationResult] = [:]
    ) {
        self.key = key
        self.keyAsString = keyAsString
        self.docCount = docCount
        self.aggregations = aggregations
    }
}

extension AggregationResult: JSONConvertible {
    /// Decodes one aggregation's answer; members that are objects and not Elasticsearch's own
    /// are sub-aggregations (`meta` is skipped).
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "aggregation")
        self.init(
            docCount: try reader.int("doc_count"), sumOtherDocCount: try reader.int("sum_other_doc_count"),
            docCountErrorUpperBound: try reader.int("doc_count_error_upper_bound"),
            value: reader.value("value"))
        switch reader.value("buckets") {
        case .array(let list)?: buckets = try list.map(AggregationBucket.init(json:))
        case .object(let keyed)?:
            buckets = try keyed.keys.sorted().map { key in
                var bucket = try AggregationBucket(json: keyed[key] ?? .null, key: .string(key))
                bucket.key = .string(key)
                return bucket
            }
        case nil, .null?: break
        case let other?:
            throw ElasticsearchError.xContentParse(
                "[aggregation] failed to parse field [buckets]: found [\(other.tokenName)]")
        }
        _ = reader.value("meta")
        _ = reader.value("value_as_string")
        aggregations = try Self.subAggregations(&reader)
    }

    /// The members of `reader` not read yet that are objects, as sub-aggregations.
    static func subAggregations(_ reader: inout JSONObjectReader) throws -> [String: AggregationResult] {
        var result: [String: AggregationResult] = [:]
        for key in reader.unreadKeys {
            guard let value = reader.value(key), case .object = value else { continue }
            result[key] = try AggregationResult(json: value)
        }
        return result
    }

    /// Elasticsearch's form, leaving out what is unset.
    public var json: JSONValue {
        var members = aggregations.mapValues(\.json)
        members["doc_count"] = docCount.map(JSONValue.int)
        members["doc_count_error_upper_bound"] = docCountErrorUpperBound.map(JSONValue.int)
        members["sum_other_doc_count"] = sumOtherDocCount.map(JSONValue.int)
        members["buckets"] = buckets.map { .array($0.map(\.json)) }
        members["value"] = value
        return .object(members)
    }

    /// Decodes the `aggregations` member of a search response.
    public static func list(json: JSONValue) throws -> [String: AggregationResult] {
        guard case .object(let members) = json else {
            throw ElasticsearchError.xContentParse("[search_response] failed to parse field [aggregations]")
        }
        return try members.mapValues(AggregationResult.init(json:))
    }
}

extension AggregationBucket: JSONConvertible {
    /// Decodes `{"key": ..., "key_as_string": ..., "doc_count": N, ...sub-aggregations}`.
    public init(json: JSONValue) throws {
        try self.init(json: json, key: nil)
    }

    init(json: JSONValue, key keyed: JSONValue?) throws {
        var reader = try JSONObjectReader(json, name: "bucket")
        guard let key = reader.value("key") ?? keyed else {
            throw ElasticsearchError.xContentParse("[bucket] missing required field [key]")
        }
        self.init(
            key: key, keyAsString: try reader.string("key_as_string"),
            docCount: try reader.int("doc_count") ?? 0)
        aggregations = try AggregationResult.subAggregations(&reader)
    }

    /// `{"key": ..., "doc_count": N}` with `key_as_string` and sub-aggregations when present.
    public var json: JSONValue {
        var members = aggregations.mapValues(\.json)
        members["key"] = key
        members["key_as_string"] = keyAsString.map(JSONValue.string)
        members["doc_count"] = .int(docCount)
        return .object(members)
    }
}
