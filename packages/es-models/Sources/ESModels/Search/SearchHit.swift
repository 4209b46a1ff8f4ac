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
    /// The highlighted fragments by field, when the search asked for highlighting and the hit
    /// has a match in one of the fields.
    public var highlight: [String: [String]]?

    /// Creates a hit.
    public init(
        index: String, id: String, score: Double? = nil, source: JSONValue? = nil, sort: [JSONValue]? = nil,
        highlight: [String: [String]]? = nil
    ) {
        self.index = index
        self.id = id
        self.score = score
        self.source = source
        self.sort = sort
        self.highlight = highlight
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
            sort: reader.value("sort")?.arrayValue,
            highlight: try reader.value("highlight").map(Self.highlight(json:)))
    }

    /// Decodes `{"field": ["fragment", ...]}`.
    private static func highlight(json: JSONValue) throws -> [String: [String]] {
        guard case .object(let fields) = json else {
            throw ElasticsearchError.xContentParse("[hit] failed to parse field [highlight]")
        }
        return fields.mapValues { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
    }

    /// `_score` is `null` when not computed; `_source`, `sort` and `highlight` only when present.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "_index": .string(index), "_id": .string(id), "_score": score.map(JSONValue.double) ?? .null,
        ]
        members["_source"] = source
        members["sort"] = sort.map(JSONValue.array)
        members["highlight"] = highlight.map { .object($0.mapValues { .array($0.map(JSONValue.string)) }) }
        return .object(members)
    }
}
