/// The search store, as the services use it: the subset of Elasticsearch's API we need.
///
/// Two implementations exist: ``HTTPSearchBackend`` talks to a real Elasticsearch or
/// OpenSearch cluster; the embedded engine (package es-embedded) runs in-process. Both have
/// Elasticsearch's semantics, so code and tests run unchanged against either.
///
/// Errors: every error the store reports is an ``ElasticsearchError`` (its `type`, `reason`
/// and `status`, e.g. `index_not_found_exception`/404); a failure to reach the store at all
/// is a ``SearchTransportError``.
///
/// Index parameters accept what Elasticsearch accepts in a URL: an index, an alias, a
/// comma-separated list or a wildcard pattern (for reads).
///
/// ```swift
/// let backend: any SearchBackend = HTTPSearchBackend(configuration: .init(baseURL: url))
/// _ = try await backend.createIndex("territories-v1", definition: definition)
/// _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
/// let response = try await backend.search("territories", request: SearchRequest(query: .matchAll))
/// ```
public protocol SearchBackend: Sendable {
    /// Creates an index (`PUT /{index}`).
    ///
    /// - Throws: `resource_already_exists_exception` when it exists, `invalid_index_name_exception`
    ///   for a bad name, mapping errors for a bad definition.
    func createIndex(_ index: String, definition: IndexDefinition) async throws -> CreateIndexResponse

    /// Deletes an index (`DELETE /{index}`).
    ///
    /// - Throws: `index_not_found_exception` when it does not exist.
    func deleteIndex(_ index: String) async throws -> AcknowledgedResponse

    /// Whether an index or alias exists (`HEAD /{index}`).
    func indexExists(_ index: String) async throws -> Bool

    /// The mappings of the concrete indices behind `index` (an index or alias)
    /// (`GET /{index}/_mapping`).
    ///
    /// - Throws: `index_not_found_exception` when nothing matches.
    func getMapping(_ index: String) async throws -> GetMappingResponse

    /// Adds fields or updatable parameters to a mapping (`PUT /{index}/_mapping`).
    ///
    /// - Throws: `illegal_argument_exception` for a change an existing mapping cannot take
    ///   (e.g. `mapper [x] cannot be changed from type [keyword] to [long]`).
    func putMapping(_ index: String, mapping: Mapping) async throws -> AcknowledgedResponse

    /// The settings of the concrete indices `index` names, aliases resolved
    /// (`GET /{index}/_settings`), as the store reports them (values as strings, with the
    /// settings it adds itself).
    ///
    /// - Throws: `index_not_found_exception` when nothing matches.
    func getSettings(_ index: String) async throws -> GetSettingsResponse

    /// Changes dynamic settings of the indices `index` names (`PUT /{index}/_settings`); a
    /// `null` value restores a setting's default.
    ///
    /// - Throws: `illegal_argument_exception` for a static setting on an open index or an
    ///   unknown one.
    func updateSettings(_ index: String, settings: IndexSettings) async throws -> AcknowledgedResponse

    /// Indexes one document (`PUT /{index}/_doc/{id}` or `POST /{index}/_doc`).
    ///
    /// - Throws: `document_parsing_exception` or `strict_dynamic_mapping_exception` when the
    ///   document does not fit the mapping.
    func index(_ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy) async throws
        -> IndexResponse

    /// Gets one document by id (`GET /{index}/_doc/{id}`); a missing document is
    /// `found: false`.
    ///
    /// - Throws: `index_not_found_exception` when the index does not exist.
    func getDocument(_ index: String, id: String) async throws -> GetDocumentResponse

    /// Runs many writes (`POST /_bulk`); item failures are reported per item, not thrown.
    func bulk(_ request: BulkRequest) async throws -> BulkResponse

    /// Searches (`POST /{index}/_search`).
    ///
    /// - Throws: query parsing errors, `index_not_found_exception`, or
    ///   `search_phase_execution_exception` for queries that fail on the data.
    func search(_ index: String, request: SearchRequest) async throws -> SearchResponse

    /// Searches, answering with what the backend has: a cluster's bytes, for a caller that reads
    /// hits straight from them, or an in-process engine's decoded response (the default).
    ///
    /// - Throws: what ``search(_:request:)`` throws.
    func searchAnswer(_ index: String, request: SearchRequest) async throws -> SearchAnswer

    /// Whether the backend itself ends each call's waits and retries by the deadline of the
    /// current ``SearchCallContext`` (a cluster client does; an in-process engine, which never
    /// waits, does not need to).
    var honoursCallDeadlines: Bool { get }

    /// Counts matches (`POST /{index}/_count`).
    func count(_ index: String, request: CountRequest) async throws -> CountResponse

    /// Applies alias actions atomically (`POST /_aliases`).
    ///
    /// - Throws: `index_not_found_exception` or `aliases_not_found_exception`; then no action
    ///   is applied.
    func updateAliases(_ request: UpdateAliasesRequest) async throws -> AcknowledgedResponse

    /// The aliases named `name` (all when `nil`) on the indices `index` (all when `nil`)
    /// (`GET /{index}/_alias/{name}`); nothing found is an empty response.
    func getAlias(name: String?, index: String?) async throws -> GetAliasResponse

    /// Makes recent writes searchable (`POST /{index}/_refresh`, or `/_refresh` for all).
    func refresh(_ index: String?) async throws -> RefreshResponse
}

extension SearchBackend {
    /// The decoded response of ``search(_:request:)``.
    public func searchAnswer(_ index: String, request: SearchRequest) async throws -> SearchAnswer {
        .decoded(try await search(index, request: request))
    }

    /// `false`: the caller bounds the call.
    public var honoursCallDeadlines: Bool { false }
}
