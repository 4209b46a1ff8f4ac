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

extension SearchHits: JSONConvertible {
    /// Decodes `{"total": {...}, "max_score": ..., "hits": [...]}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "hits")
        let total = try reader.value("total").flatMap { value -> TotalHits? in
            if value.isNull { return nil }
            if let count = value.intValue { return TotalHits(value: count) }
            return try TotalHits(json: value)
        }
        let hits = try (reader.value("hits")?.arrayValue ?? []).map(SearchHit.init(json:))
        self.init(total: total, maxScore: try reader.double("max_score"), hits: hits)
    }

    /// `total` is left out when not tracked; `max_score` is `null` when there is none.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "max_score": maxScore.map(JSONValue.double) ?? .null, "hits": .array(hits.map(\.json)),
        ]
        members["total"] = total?.json
        return .object(members)
    }
}
