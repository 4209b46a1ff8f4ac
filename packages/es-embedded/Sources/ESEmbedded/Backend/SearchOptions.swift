import ESModels
import Foundation

/// How an index expression treats names that match nothing (`ignore_unavailable`,
/// `allow_no_indices`).
public struct IndicesOptions: Sendable, Equatable {
    /// Whether a concrete name that is neither an index nor an alias is skipped instead of
    /// failing with `index_not_found_exception`.
    public var ignoreUnavailable: Bool
    /// Whether a wildcard (or a whole expression) that matches nothing is allowed.
    public var allowNoIndices: Bool

    /// Elasticsearch's defaults for searches: strict about concrete names, lenient about patterns.
    public init(ignoreUnavailable: Bool = false, allowNoIndices: Bool = true) {
        self.ignoreUnavailable = ignoreUnavailable
        self.allowNoIndices = allowNoIndices
    }
}

/// What a search asks beyond es-models' `SearchRequest`: paging by sort values, point
/// in time and scroll contexts, aggregations and index options.
///
/// ```swift
/// var options = SearchOptions()
/// options.searchAfter = [1_700_000_000_000, "a7"]
/// let result = try backend.search("assetflat", request: request, options: options)
/// ```
public struct SearchOptions: Sendable, Equatable {
    /// The sort values of the last hit of the previous page (`search_after`).
    public var searchAfter: [JSONValue]?
    /// The point in time to search (`pit`), instead of an index expression.
    public var pointInTime: PointInTime?
    /// Opens a scroll context kept this long (`?scroll=1m`).
    public var scroll: KeepAlive?
    /// The `aggs` (or `aggregations`) object of the body.
    public var aggregations: JSONValue?
    /// How the index expression treats names that match nothing.
    public var indices: IndicesOptions
    /// The query, replacing the request's when set: every query type the engine runs, also
    /// those es-models' `Query` has no case for.
    public var query: SearchQuery?
    /// `docvalue_fields`: field names or patterns, each with an optional `format` for dates.
    public var docvalueFields: [DocvalueField] = []
    /// `script_fields`: a value per hit computed by a Painless script, by name.
    public var scriptFields: [ScriptField] = []

    /// One entry of `docvalue_fields`.
    public struct DocvalueField: Sendable, Equatable {
        /// A field name or a `*` pattern.
        public var field: String
        /// How dates are written (`epoch_millis`, a pattern); Elasticsearch's
        /// `strict_date_optional_time` by default.
        public var format: String?

        /// Creates an entry.
        public init(field: String, format: String? = nil) {
            self.field = field
            self.format = format
        }
    }

    /// One entry of `script_fields`.
    public struct ScriptField: Sendable, Equatable {
        /// The name the value is returned under.
        public var name: String
        /// The script computing it.
        public var script: Script
        /// Whether a failing script leaves the value out instead of failing the search.
        public var ignoreFailure: Bool

        /// Creates an entry.
        public init(name: String, script: Script, ignoreFailure: Bool = false) {
            self.name = name
            self.script = script
            self.ignoreFailure = ignoreFailure
        }
    }
    /// `collapse.field`: one hit per value of this keyword or numeric field, the best of each.
    public var collapseField: String?
    /// `collapse.inner_hits`: with each collapsed hit, the hits of its group (in the search's
    /// order), one entry per object of the list.
    public var collapseInnerHits: [InnerHits] = []
    /// `post_filter`: narrows the hits and the total after aggregations read the query's matches.
    public var postFilter: SearchQuery?
    /// The `knn` clauses: their nearest documents join the query's matches, scores adding up.
    public var knn: [KnnSearch] = []
    /// The `highlight` object of the body.
    public var highlight: JSONValue?

    /// A search with nothing beyond the request.
    public init(
        searchAfter: [JSONValue]? = nil, pointInTime: PointInTime? = nil, scroll: KeepAlive? = nil,
        aggregations: JSONValue? = nil, indices: IndicesOptions = IndicesOptions()
    ) {
        self.searchAfter = searchAfter
        self.pointInTime = pointInTime
        self.scroll = scroll
        self.aggregations = aggregations
        self.indices = indices
    }

    /// A search's `pit` member: the id of an open point in time, and how long to keep it from now.
    public struct PointInTime: Sendable, Equatable {
        /// The id `openPointInTime` returned.
        public var id: String
        /// Extends the point in time's life when set.
        public var keepAlive: KeepAlive?

        /// A reference to an open point in time.
        public init(id: String, keepAlive: KeepAlive? = nil) {
            self.id = id
            self.keepAlive = keepAlive
        }
    }
}

/// A keep-alive (of a scroll or a point in time) as Elasticsearch's time values write it
/// (`30s`, `1m`): es-models' `TimeValue`.
public typealias KeepAlive = TimeValue

/// A search's answer with what es-models' `SearchResponse` has no place for.
public struct SearchResult: Sendable, Equatable {
    /// The hits, totals and shard statistics.
    public var response: SearchResponse
    /// The `aggregations` object, when the search asked for any.
    public var aggregations: JSONValue?
    /// The id of the point in time searched (`pit_id`).
    public var pointInTimeID: String?
    /// The id of the scroll context (`_scroll_id`).
    public var scrollID: String?
    /// Each hit's `highlight` object (`nil` for a hit without a match), when the search asked.
    public var highlights: [JSONValue?]?
    /// Each hit's `fields` object (`docvalue_fields`, `script_fields`), when the search asked.
    public var fields: [JSONValue?]?
    /// Each hit's `inner_hits` object, when a `nested` query of the search asked.
    public var innerHits: [JSONValue?]?
    /// Each hit's `_source` as the compact JSON text its index stored, in the order of
    /// `response.hits.hits`, where the hit's `_source` is the whole document (`nil` where it is
    /// filtered or not fetched); empty when no hit has one. The REST facade copies this text into
    /// its answer instead of writing the tree again. Equality ignores it: it is the same value
    /// as the hit's `_source`, written out.
    package var sourceTexts: [[UInt8]?] = []

    /// A result.
    public init(
        response: SearchResponse, aggregations: JSONValue? = nil, pointInTimeID: String? = nil,
        scrollID: String? = nil
    ) {
        self.response = response
        self.aggregations = aggregations
        self.pointInTimeID = pointInTimeID
        self.scrollID = scrollID
    }

    /// Elasticsearch's search response body.
    public var json: JSONValue {
        var body = response.json.objectValue ?? [:]
        if let scrollID { body["_scroll_id"] = .string(scrollID) }
        if let pointInTimeID { body["pit_id"] = .string(pointInTimeID) }
        if let aggregations { body["aggregations"] = aggregations }
        for (key, values) in [("highlight", highlights), ("fields", fields), ("inner_hits", innerHits)] {
            guard let values, case .object(var hits)? = body["hits"], case .array(var list)? = hits["hits"]
            else {
                continue
            }
            for (position, value) in zip(list.indices, values) {
                guard let value, case .object(var hit) = list[position] else { continue }
                hit[key] = value
                list[position] = .object(hit)
            }
            hits["hits"] = .array(list)
            body["hits"] = .object(hits)
        }
        return .object(body)
    }

    public static func == (left: SearchResult, right: SearchResult) -> Bool {
        left.response == right.response && left.aggregations == right.aggregations
            && left.pointInTimeID == right.pointInTimeID && left.scrollID == right.scrollID
            && left.highlights == right.highlights && left.fields == right.fields
    }
}
