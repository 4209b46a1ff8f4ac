/// The body of a search: query, paging (by offset or `search_after`), sort, total-hits
/// tracking, `_source` filtering, aggregations and highlighting.
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
    /// The sort values of the last hit of the previous page: the page starts after it
    /// (`search_after`, with `from` unset or 0), so paging is not bound by the result window.
    public var searchAfter: [JSONValue]?
    /// Aggregations over every document the query matches, by name (`aggs`).
    public var aggregations: [String: Aggregation]
    /// The fields whose matches to mark in each hit.
    public var highlight: Highlight?

    /// Creates a search body.
    public init(
        query: Query? = nil, from: Int? = nil, size: Int? = nil, sort: [SortField] = [],
        trackTotalHits: TrackTotalHits? = nil, source: SourceFilter? = nil, searchAfter: [JSONValue]? = nil,
        aggregations: [String: Aggregation] = [:], highlight: Highlight? = nil
    ) {
        self.query = query
        self.from = from
        self.size = size
        self.sort = sort
        self.trackTotalHits = trackTotalHits
        self.source = source
        self.searchAfter = searchAfter
        self.aggregations = aggregations
        self.highlight = highlight
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
    ///   errors of the query, sort, `_source`, `track_total_hits`, `aggs` and `highlight` decoders.
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
        if let after = reader.value("search_after") {
            guard case .array(let values) = after else { throw Self.unknownKey("search_after", after) }
            searchAfter = values
        }
        for key in ["aggs", "aggregations"] {
            guard let aggregations = reader.value(key) else { continue }
            guard case .object = aggregations else { throw Self.unknownKey(key, aggregations) }
            self.aggregations = try Aggregation.list(json: aggregations)
        }
        if let highlight = reader.value("highlight") {
            guard case .object = highlight else { throw Self.unknownKey("highlight", highlight) }
            self.highlight = try Highlight(json: highlight)
        }
        if let key = reader.unreadKeys.first { throw Self.unknownKey(key, members[key]) }
    }

    /// Elasticsearch's error for a member it does not know, or one of a type it does not take
    /// there (`"aggs": []`).
    private static func unknownKey(_ key: String, _ value: JSONValue?) -> ElasticsearchError {
        ElasticsearchError.parsing("Unknown key for a \(value?.tokenName ?? "VALUE") in [\(key)].")
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
        members["search_after"] = searchAfter.map(JSONValue.array)
        if !aggregations.isEmpty { members["aggs"] = .object(aggregations.mapValues(\.json)) }
        members["highlight"] = highlight?.json
        return .object(members)
    }
}
