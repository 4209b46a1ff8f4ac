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

    /// Creates a response.
    public init(took: Int = 0, timedOut: Bool = false, shards: ShardStatistics = .single, hits: SearchHits) {
        self.took = took
        self.timedOut = timedOut
        self.shards = shards
        self.hits = hits
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

/// The `hits` member of a search response.
public struct SearchHits: Sendable, Equatable {
    /// The total number of matches; `nil` when `track_total_hits` is `false`.
    public var total: TotalHits?
    /// The best score; `nil` when sorting by something else or no hit matched.
    public var maxScore: Double?
    /// The returned page of hits.
    public var hits: [SearchHit]

    /// Creates hits.
    public init(total: TotalHits?, maxScore: Double? = nil, hits: [SearchHit]) {
        self.total = total
        self.maxScore = maxScore
        self.hits = hits
    }
}

/// `hits.total`: a count, exact (`eq`) or a lower bound (`gte`).
public struct TotalHits: Sendable, Equatable {
    /// Whether the count is exact.
    public enum Relation: String, Sendable, Equatable {
        case eq, gte
    }

    /// The count.
    public var value: Int
    /// Whether it is exact or a lower bound.
    public var relation: Relation

    /// Creates a total.
    public init(value: Int, relation: Relation = .eq) {
        self.value = value
        self.relation = relation
    }
}

/// One hit of a search.
public struct SearchHit: Sendable, Equatable {
    /// The concrete index the document is in.
    public var index: String
    /// The document id.
    public var id: String
    /// The relevance score; `nil` when not computed (sorted by a field).
    public var score: Double?
    /// The document (or its filtered part); `nil` when `_source` was not fetched.
    public var source: JSONValue?
    /// The sort values, when the search sorted.
    public var sort: [JSONValue]?

    /// Creates a hit.
    public init(
        index: String, id: String, score: Double? = nil, source: JSONValue? = nil, sort: [JSONValue]? = nil
    ) {
        self.index = index
        self.id = id
        self.score = score
        self.source = source
        self.sort = sort
    }

    /// The `_source` decoded as `type`.
    ///
    /// - Throws: `DecodingError` when the source does not fit, or
    ///   ``SearchTransportError/invalidResponse(url:status:reason:)`` when there is no source.
    public func document<Document: Decodable>(as type: Document.Type) throws -> Document {
        guard let source else {
            throw SearchTransportError.invalidResponse(
                url: index, status: 200, reason: "hit '\(id)' has no _source; do not filter _source out")
        }
        return try source.decode(type)
    }
}
