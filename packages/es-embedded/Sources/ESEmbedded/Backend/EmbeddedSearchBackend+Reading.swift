import ESModels

extension EmbeddedSearchBackend {
    /// A search with what es-models' request has no place for: `search_after`, a point in time,
    /// a scroll, aggregations and index options. `index` is `nil` for a point-in-time search.
    ///
    /// ```swift
    /// let pit = try backend.openPointInTime("assetflat", keepAlive: KeepAlive(milliseconds: 60_000))
    /// var options = SearchOptions(pointInTime: .init(id: pit))
    /// let page = try backend.search(nil, request: SearchRequest(size: 100, sort: [SortField("uuid")]), options: options)
    /// ```
    ///
    /// - Throws: `action_request_validation_exception` for combinations Elasticsearch refuses,
    ///   404 `search_context_missing_exception` for a point in time that is gone, and the
    ///   errors of ``search(_:request:)``.
    public func search(_ index: String?, request: SearchRequest, options: SearchOptions) throws
        -> SearchResult
    {
        try engine.search(index, request: request, options: options)
    }

    /// The next page of a scroll (`POST /_search/scroll`); `keepAlive` extends it.
    ///
    /// - Throws: 404 `search_context_missing_exception` when it expired or was cleared.
    public func scroll(_ id: String, keepAlive: KeepAlive?) throws -> SearchResult {
        try engine.scroll(id, keepAlive: keepAlive)
    }

    /// Clears scrolls (every one when `ids` is `nil`); how many were open.
    public func clearScroll(_ ids: [String]?) -> Int {
        engine.clearScroll(ids)
    }

    /// Opens a point in time (`POST /{index}/_pit`): the indices' refreshed documents as they
    /// are now, searchable with ``search(_:request:options:)`` until `keepAlive` passes.
    public func openPointInTime(
        _ index: String, keepAlive: KeepAlive, options: IndicesOptions = IndicesOptions()
    ) throws -> String {
        try engine.openPointInTime(index, keepAlive: keepAlive, options: options)
    }

    /// Closes points in time (`DELETE /_pit`); how many were open.
    public func closePointInTime(_ ids: [String]) -> Int {
        engine.closePointInTime(ids)
    }

    /// ``count(_:request:)`` with index options (`ignore_unavailable`, `allow_no_indices`).
    public func count(_ index: String, request: CountRequest, options: IndicesOptions) throws -> CountResponse
    {
        try engine.count(index, request: request, options: options)
    }

    /// Counts what an engine query matches (every query type, also those es-models' `Query`
    /// has no case for); `query` replaces the request's.
    public func count(_ index: String, query: SearchQuery?, options: IndicesOptions = IndicesOptions()) throws
        -> CountResponse
    {
        try engine.count(index, request: CountRequest(), options: options, query: query)
    }
}
