import ESModels

extension EmbeddedSearchBackend {
    /// Deletes every document `query` matches (`POST /{index}/_delete_by_query`), as a refreshed
    /// snapshot sees them: a document changed since the last refresh is a version conflict.
    ///
    /// ```swift
    /// let response = try backend.deleteByQuery("assetflat", query: .term("status", "retired"),
    ///                                          options: ByQueryOptions(refresh: true))
    /// ```
    ///
    /// - Throws: `index_not_found_exception` and the query's errors; write failures are in the
    ///   response (``ByQueryResponse/failures``, ``ByQueryResponse/status``).
    public func deleteByQuery(_ index: String, query: Query?, options: ByQueryOptions = ByQueryOptions())
        throws -> ByQueryResponse
    {
        try engine.deleteByQuery(index, query: query.map(SearchQuery.init), options: options)
    }

    /// ``deleteByQuery(_:query:options:)`` with a query of any type the engine runs
    /// (``SearchQuery``: `multi_match`, `prefix`, `function_score`, ...).
    public func deleteByQuery(
        _ index: String, searchQuery: SearchQuery?, options: ByQueryOptions = ByQueryOptions()
    ) throws -> ByQueryResponse {
        try engine.deleteByQuery(index, query: searchQuery, options: options)
    }

    /// Writes every document `query` matches again, unchanged (`POST /{index}/_update_by_query`
    /// without a script): new versions, indexed with the current mapping.
    public func updateByQuery(_ index: String, query: Query?, options: ByQueryOptions = ByQueryOptions())
        throws -> ByQueryResponse
    {
        try engine.updateByQuery(index, query: query.map(SearchQuery.init), options: options)
    }

    /// ``updateByQuery(_:query:options:)`` with a query of any type the engine runs.
    public func updateByQuery(
        _ index: String, searchQuery: SearchQuery?, options: ByQueryOptions = ByQueryOptions()
    ) throws -> ByQueryResponse {
        try engine.updateByQuery(index, query: searchQuery, options: options)
    }

    /// Copies documents from one index expression into an index (`POST /_reindex`, local
    /// indices).
    ///
    /// - Throws: `action_request_validation_exception` when the destination is a source.
    public func reindex(_ request: ReindexRequest, options: ByQueryOptions = ByQueryOptions()) throws
        -> ByQueryResponse
    {
        try engine.reindex(request, options: options)
    }
}
