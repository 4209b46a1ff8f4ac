import ESModels

extension EmbeddedSearchBackend {
    /// Creates a document, failing with a 409 `version_conflict_engine_exception` when the id
    /// exists (`PUT /{index}/_create/{id}`, `op_type=create`).
    public func createDocument(
        _ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy = .none
    )
        throws -> IndexResponse
    {
        try engine.index(index, id: id, document: document, refresh: refresh, create: true)
    }

    /// Deletes a document (`DELETE /{index}/_doc/{id}`); a missing one answers
    /// `result: not_found` (the HTTP status is then 404), as Elasticsearch does.
    ///
    /// - Throws: `index_not_found_exception` when the index does not exist.
    public func deleteDocument(_ index: String, id: String, refresh: RefreshPolicy = .none) throws
        -> IndexResponse
    {
        let outcome = try engine.deleteDocument(index, id: id, refresh: refresh)
        return IndexResponse(
            index: outcome.index, id: outcome.id, version: outcome.version, result: outcome.result,
            seqNo: outcome.seqNo, primaryTerm: 1, shards: outcome.shards,
            forcedRefresh: refresh == .immediate ? true : nil)
    }

    /// Applies a partial update (`POST /{index}/_update/{id}`): `doc` is deep-merged into the
    /// document (`noop` when nothing changes, unless `detectNoop` is false, as `detect_noop:
    /// false` asks); `upsert`/`doc_as_upsert` create a missing one.
    ///
    /// - Throws: `document_missing_exception` (404) for a missing document without upsert.
    public func updateDocument(
        _ index: String, id: String, update: DocumentUpdate, detectNoop: Bool = true,
        refresh: RefreshPolicy = .none
    ) throws -> IndexResponse {
        let outcome = try engine.update(
            index, id: id, update: update, detectNoop: detectNoop, refresh: refresh)
        return IndexResponse(
            index: outcome.index, id: outcome.id, version: outcome.version, result: outcome.result,
            seqNo: outcome.seqNo, primaryTerm: 1, shards: outcome.shards,
            forcedRefresh: refresh == .immediate && outcome.result != .noop ? true : nil)
    }

    /// The aliases named `name` on the indices `index` names, with the names that matched nothing.
    public func aliasLookup(name: String?, index: String?, options: IndicesOptions = IndicesOptions()) throws
        -> AliasLookup
    {
        let (response, missing) = try engine.aliasInfo(name: name, index: index, options: options)
        return AliasLookup(response: response, missing: missing)
    }

    /// The indices an expression names (all when `nil`), with their definitions; `options`
    /// (`ignore_unavailable`, `allow_no_indices`) as the request gives them.
    ///
    /// - Throws: `index_not_found_exception` for a missing concrete name (unless ignored).
    public func indexSummaries(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws
        -> [IndexSummary]
    {
        try engine.summaries(expression, options: options)
    }

    /// The settings of the indices `index` names, as `GET /{index}/_settings` reports them.
    ///
    /// - Throws: `index_not_found_exception` when nothing matches.
    public func getSettings(_ index: String) async throws -> GetSettingsResponse {
        await Task.yield()
        return GetSettingsResponse(
            settings: Dictionary(
                uniqueKeysWithValues: try engine.summaries(index).map { ($0.name, $0.reportedSettings) }))
    }
}

extension EmbeddedSearchBackend {
    /// ``search(_:request:)`` on the calling thread, without suspending (for benchmarks and
    /// synchronous callers).
    public func searchNow(_ index: String, request: SearchRequest) throws -> SearchResponse {
        try engine.search(index, request: request)
    }

    /// ``count(_:request:)`` on the calling thread, without suspending.
    public func countNow(_ index: String, request: CountRequest) throws -> CountResponse {
        try engine.count(index, request: request)
    }
}
