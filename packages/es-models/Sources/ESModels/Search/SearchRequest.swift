/// The body of a search: query, paging, sort, total-hits tracking and `_source` filtering.
///
/// ```swift
/// let request = SearchRequest(
///     query: .bool(filter: [.term("type", "movie")]),
///     from: 0, size: 20,
///     sort: [SortField("created_at", order: .desc)],
///     trackTotalHits: .accurate,
///     source: .includes(["uuid", "titles"]))
/// let response = try await backend.search(IndexName.assetflat.rawValue, request: request)
/// ```
public struct SearchRequest: Sendable, Equatable {
    /// The query; `nil` matches all documents.
    public var query: Query?
    /// How many hits to skip (0 when unset).
    public var from: Int?
    /// How many hits to return (10 when unset).
    public var size: Int?
    /// Sort criteria, in order; empty sorts by score.
    public var sort: [SortField]
    /// How exactly to count total hits (`10000` when unset).
    public var trackTotalHits: TrackTotalHits?
    /// What to return of each hit's `_source`; `nil` returns all of it.
    public var source: SourceFilter?

    /// Creates a search body.
    public init(
        query: Query? = nil, from: Int? = nil, size: Int? = nil, sort: [SortField] = [],
        trackTotalHits: TrackTotalHits? = nil, source: SourceFilter? = nil
    ) {
        self.query = query
        self.from = from
        self.size = size
        self.sort = sort
        self.trackTotalHits = trackTotalHits
        self.source = source
    }

    /// The number of hits to skip: ``from`` or 0.
    public var effectiveFrom: Int { from ?? 0 }

    /// The number of hits to return: ``size`` or 10.
    public var effectiveSize: Int { size ?? 10 }
}

extension SearchRequest: JSONConvertible {
    /// Decodes a search body; an empty body (or `null`) is a match-all search.
    ///
    /// - Throws: `parsing_exception` "Unknown key for a VALUE_STRING in [foo]." for members we
    ///   do not support, `illegal_argument_exception` for a negative `from`/`size`, or the
    ///   errors of the query, sort, `_source` and `track_total_hits` decoders.
    public init(json: JSONValue) throws {
        self.init()
        if json.isNull { return }
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("Expected [START_OBJECT] but found [\(json.tokenName)]")
        }
        var reader = JSONObjectReader(members: members, name: "search")
        if let query = reader.value("query") { self.query = try Query(json: query) }
        from = try reader.int("from")
        size = try reader.int("size")
        if let from, from < 0 {
            throw ElasticsearchError.illegalArgument("[from] parameter cannot be negative, found [\(from)]")
        }
        if let size, size < 0 {
            throw ElasticsearchError.illegalArgument("[size] parameter cannot be negative, found [\(size)]")
        }
        if let sort = reader.value("sort") { self.sort = try SortField.list(json: sort) }
        if let track = reader.value("track_total_hits") { trackTotalHits = try TrackTotalHits(json: track) }
        if let source = reader.value("_source") { self.source = try SourceFilter(json: source) }
        if let key = reader.unreadKeys.first {
            throw ElasticsearchError.parsing(
                "Unknown key for a \(members[key]?.tokenName ?? "VALUE") in [\(key)].")
        }
    }

    /// The body, leaving out what is unset.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        members["query"] = query?.json
        members["from"] = from.map(JSONValue.int)
        members["size"] = size.map(JSONValue.int)
        if !sort.isEmpty { members["sort"] = .array(sort.map(\.json)) }
        members["track_total_hits"] = trackTotalHits?.json
        members["_source"] = source?.json
        return .object(members)
    }
}
