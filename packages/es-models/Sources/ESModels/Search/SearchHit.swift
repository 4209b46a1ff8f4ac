import Synchronization

/// One hit of a search.
public struct SearchHit: Sendable, Equatable {
    /// The concrete index the document is in.
    public var index: String
    /// The document id.
    public var id: String
    /// The relevance score; `nil` when not computed (sorted by a field).
    public var score: Double?
    /// The document (or its filtered part); `nil` when `_source` was not fetched.
    ///
    /// A hit made with ``init(index:id:score:sourceText:sort:highlight:)`` parses its text the
    /// first time this is read (once; copies of the hit share the result).
    public var source: JSONValue? {
        get {
            switch storedSource {
            case .value(let value): value
            case .text(let text): text.value
            }
        }
        set { storedSource = .value(newValue) }
    }
    /// The sort values, when the search sorted.
    public var sort: [JSONValue]?
    /// The highlighted fragments by field, when the search asked for highlighting and the hit
    /// has a match in one of the fields.
    public var highlight: [String: [String]]?

    private var storedSource: StoredSource

    /// Creates a hit.
    public init(
        index: String, id: String, score: Double? = nil, source: JSONValue? = nil, sort: [JSONValue]? = nil,
        highlight: [String: [String]]? = nil
    ) {
        self.index = index
        self.id = id
        self.score = score
        self.storedSource = .value(source)
        self.sort = sort
        self.highlight = highlight
    }

    /// Creates a hit whose `_source` is the compact JSON text `sourceText`, parsed only when
    /// ``source`` is read.
    ///
    /// For a store that keeps documents as text: most hits of a search are never read as a
    /// tree (an answer copies the text, a caller reads a few fields), and parsing every hit
    /// would cost more than the search. Text that does not parse reads as `null`.
    public init(
        index: String, id: String, score: Double? = nil, sourceText: [UInt8], sort: [JSONValue]? = nil,
        highlight: [String: [String]]? = nil
    ) {
        self.init(index: index, id: id, score: score, source: nil, sort: sort, highlight: highlight)
        self.storedSource = .text(LazySource(text: sourceText))
    }

    /// Whether the hit has a `_source`, without parsing a text one.
    public var hasSource: Bool {
        switch storedSource {
        case .value(let value): value != nil
        case .text: true
        }
    }

    public static func == (lhs: SearchHit, rhs: SearchHit) -> Bool {
        lhs.index == rhs.index && lhs.id == rhs.id && lhs.score == rhs.score && lhs.sort == rhs.sort
            && lhs.highlight == rhs.highlight && lhs.source == rhs.source
    }

    private enum StoredSource: Sendable {
        case value(JSONValue?)
        case text(LazySource)
    }

    /// A `_source` text and its tree, parsed at the first read.
    private final class LazySource: Sendable {
        let text: [UInt8]
        private let parsed = Mutex<JSONValue?>(nil)

        init(text: [UInt8]) {
            self.text = text
        }

        var value: JSONValue {
            if let value = parsed.withLock({ $0 }) { return value }
            // Parsed outside the lock: two threads reading at once both parse, and agree.
            let value = (try? JSONValue(parsing: text)) ?? .null
            parsed.withLock { $0 = value }
            return value
        }
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
