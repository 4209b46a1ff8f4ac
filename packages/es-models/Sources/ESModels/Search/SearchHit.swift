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

extension SearchHit: JSONConvertible {
    /// Decodes `{"_index": ..., "_id": ..., "_score": ..., "_source": ..., "sort": [...]}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "hit")
        guard let index = try reader.string("_index"), let id = try reader.string("_id") else {
            throw ElasticsearchError.xContentParse("[hit] requires [_index] and [_id]")
        }
        self.init(
            index: index, id: id, score: try reader.double("_score"), source: reader.value("_source"),
            sort: reader.value("sort")?.arrayValue)
    }

    /// `_score` is `null` when not computed; `_source` and `sort` only when present.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "_index": .string(index), "_id": .string(id), "_score": score.map(JSONValue.double) ?? .null,
        ]
        members["_source"] = source
        members["sort"] = sort.map(JSONValue.array)
        return .object(members)
    }
}
