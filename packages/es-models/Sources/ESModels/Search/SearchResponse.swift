/// The answer to a search.
///
/// ```swift
/// let response = try await backend.search("assetflat", request: request)
/// response.hits.total?.value              // 3
/// let assets = try response.documents(as: AssetFlat.self)
/// ```
public struct SearchResponse: Sendable, Equatable {
    /// Milliseconds the search took.
    public var took: Int
    /// Whether the search timed out.
    public var timedOut: Bool
    /// Shard statistics.
    public var shards: ShardStatistics
    /// The hits.
    public var hits: SearchHits
    /// The answers to the request's aggregations, by name; `nil` when it asked for none.
    public var aggregations: [String: AggregationResult]?

    /// Creates a response.
    public init(
        took: Int = 0, timedOut: Bool = false, shards: ShardStatistics = .single, hits: SearchHits,
        aggregations: [String: AggregationResult]? = nil
    ) {
        self.took = took
        self.timedOut = timedOut
        self.shards = shards
        self.hits = hits
        self.aggregations = aggregations
    }

    /// Every hit's `_source` decoded as `type`, in hit order.
    ///
    /// - Throws: `DecodingError` when a source does not fit `type`, or
    ///   ``SearchTransportError/invalidResponse(url:status:reason:)`` when a hit has no
    ///   `_source` (it was filtered out).
    public func documents<Document: Decodable>(as type: Document.Type) throws -> [Document] {
        try hits.hits.map { try $0.document(as: type) }
    }

    /// The ids of the hits, in order.
    public var ids: [String] { hits.hits.map(\.id) }
}

extension SearchResponse: JSONConvertible {
    /// Decodes Elasticsearch's search response (also the pre-7 form where `hits.total` is
    /// a number).
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "search_response")
        guard let hits = reader.value("hits") else {
            throw ElasticsearchError.xContentParse("[search_response] missing required field [hits]")
        }
        self.init(
            took: try reader.int("took") ?? 0, timedOut: try reader.bool("timed_out") ?? false,
            shards: try reader.value("_shards").map(ShardStatistics.init(json:)) ?? .single,
            hits: try SearchHits(json: hits),
            aggregations: try reader.value("aggregations").map(AggregationResult.list(json:)))
    }

    /// `{"took": ..., "timed_out": ..., "_shards": ..., "hits": ...}`, with `aggregations` when
    /// there are any.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "took": .int(took), "timed_out": .bool(timedOut), "_shards": shards.json, "hits": hits.json,
        ]
        members["aggregations"] = aggregations.map { .object($0.mapValues(\.json)) }
        return .object(members)
    }
}
