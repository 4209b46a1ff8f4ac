extension SearchBackend {
    /// Indexes one document without forcing a refresh.
    public func index(_ index: String, id: String?, document: JSONValue) async throws -> IndexResponse {
        try await self.index(index, id: id, document: document, refresh: .none)
    }

    /// Indexes a document model under its id, into its index (or `index`, e.g. a versioned
    /// concrete index).
    public func index<Document: SearchDocument>(
        _ document: Document, into index: String? = nil, refresh: RefreshPolicy = .none
    ) async throws -> IndexResponse {
        try await self.index(
            index ?? Document.indexName.rawValue, id: document.documentID,
            document: JSONValue(encoding: document),
            refresh: refresh)
    }

    /// Indexes document models in one bulk request, into their index (or `index`).
    ///
    /// - Returns: the bulk response; inspect ``BulkResponse/failures``.
    public func bulkIndex<Document: SearchDocument>(
        _ documents: [Document], into index: String? = nil, refresh: RefreshPolicy = .none
    ) async throws -> BulkResponse {
        let target = index ?? Document.indexName.rawValue
        let operations = try documents.map { document in
            BulkOperation.index(
                index: target, id: document.documentID, document: try JSONValue(encoding: document))
        }
        return try await bulk(BulkRequest(operations, refresh: refresh))
    }

    /// Gets a document model by id from its index; `nil` when not found.
    public func document<Document: SearchDocument>(
        _ type: Document.Type, id: String, from index: String? = nil
    ) async throws -> Document? {
        try await getDocument(index ?? Document.indexName.rawValue, id: id).document(as: type)
    }

    /// Searches one of our indices.
    public func search(_ index: IndexName, request: SearchRequest) async throws -> SearchResponse {
        try await search(index.rawValue, request: request)
    }

    /// Counts in one of our indices.
    public func count(_ index: IndexName, request: CountRequest = CountRequest()) async throws
        -> CountResponse
    {
        try await count(index.rawValue, request: request)
    }

    /// Applies alias actions atomically.
    public func updateAliases(_ actions: [AliasAction]) async throws -> AcknowledgedResponse {
        try await updateAliases(UpdateAliasesRequest(actions))
    }

    /// The indices an alias points to, sorted; empty when the alias does not exist.
    public func indices(forAlias alias: String) async throws -> [String] {
        try await getAlias(name: alias, index: nil).indices(withAlias: alias)
    }

    /// Makes recent writes to every index searchable.
    public func refreshAll() async throws -> RefreshResponse {
        try await refresh(nil)
    }
}
