import ESModels

/// The cluster-level APIs test harnesses call between tests: cluster settings, snapshot
/// repositories, legacy and component templates, and the index maintenance calls (refresh,
/// flush, force merge, cache clear) on any index expression. Changes are journaled like index
/// changes: they survive a restart (transient cluster settings excepted, as in Elasticsearch).
extension EmbeddedSearchBackend {
    /// The wall clock the engine reads (`now` in date math, `_cat` timestamps).
    public var clock: WallClock { engine.clock }

    /// Applies `PUT /_cluster/settings`; answers the settings it set.
    ///
    /// - Throws: `illegal_argument_exception` naming an unknown setting (nothing is applied).
    public func updateClusterSettings(_ update: ClusterSettingsUpdate) throws -> ClusterSettings {
        try engine.updateClusterSettings(update)
    }

    /// The persistent and transient cluster settings (`GET /_cluster/settings`).
    public func clusterSettings() throws -> ClusterSettings {
        try engine.clusterSettings()
    }

    /// Registers a snapshot repository (`PUT /_snapshot/{name}`): its definition only, since
    /// es-embedded writes no snapshots.
    ///
    /// - Throws: `repository_exception` for a type a default Elasticsearch 8 node lacks, or a
    ///   missing required setting (`location` for `fs`).
    public func putRepository(_ name: String, body: JSONValue) throws -> AcknowledgedResponse {
        try engine.putRepository(name, body: body)
    }

    /// The repositories `names` selects (`nil`, `_all` or `*` for every one), by name.
    ///
    /// - Throws: `repository_missing_exception` for a concrete name not registered.
    public func repositories(_ names: String?) throws -> [String: JSONValue] {
        try engine.repositories(names)
    }

    /// Removes the repositories `names` selects.
    public func deleteRepositories(_ names: String) throws -> AcknowledgedResponse {
        try engine.deleteRepositories(names)
    }

    /// Stores a legacy index template (`PUT /_template/{name}`); it applies at index creation
    /// when no composable template matches, by ascending `order`.
    public func putLegacyTemplate(_ name: String, body: JSONValue, create: Bool = false) throws
        -> AcknowledgedResponse
    {
        try engine.putLegacyTemplate(name, body: body, create: create)
    }

    /// The legacy templates `names` selects, as `GET /_template` shows them (flat settings).
    public func legacyTemplates(_ names: String?) throws -> [(name: String, template: JSONValue)] {
        try engine.legacyTemplates(names)
    }

    /// Removes the legacy templates `names` selects.
    ///
    /// - Throws: `index_template_missing_exception` when a name matches nothing.
    public func deleteLegacyTemplates(_ names: String) throws -> AcknowledgedResponse {
        try engine.deleteLegacyTemplates(names)
    }

    /// Stores a component template (`PUT /_component_template/{name}`).
    public func putComponentTemplate(_ name: String, body: JSONValue, create: Bool = false) throws
        -> AcknowledgedResponse
    {
        try engine.putComponentTemplate(name, body: body, create: create)
    }

    /// The component templates `names` selects, with their bodies.
    ///
    /// - Throws: `resource_not_found_exception` for a concrete name that matches nothing.
    public func componentTemplates(_ names: String?) throws -> [(name: String, body: JSONValue)] {
        try engine.componentTemplates(names)
    }

    /// Removes the component templates `names` selects.
    ///
    /// - Throws: `illegal_argument_exception` while an index template is composed of one.
    public func deleteComponentTemplates(_ names: String) throws -> AcknowledgedResponse {
        try engine.deleteComponentTemplates(names)
    }

    /// Creates a data stream (`PUT /_data_stream/{name}`) from the matching composable
    /// template with a `data_stream`; writes of `create` to a new name that such a template
    /// matches create one too.
    ///
    /// - Throws: `illegal_argument_exception` without such a template,
    ///   `resource_already_exists_exception` for an existing data stream.
    public func createDataStream(_ name: String) throws -> AcknowledgedResponse {
        try engine.createDataStream(name)
    }

    /// The data streams `names` selects, as `GET /_data_stream` lists them.
    ///
    /// - Throws: `index_not_found_exception` for a concrete name that is no data stream.
    public func dataStreams(_ names: String?) throws -> [JSONValue] {
        try engine.dataStreams(names)
    }

    /// Deletes the data streams `names` selects, with their backing indices.
    public func deleteDataStreams(_ names: String) throws -> AcknowledgedResponse {
        try engine.deleteDataStreams(names)
    }

    /// Makes recent writes of the indices `index` names searchable, with the request's
    /// `ignore_unavailable` and `allow_no_indices`.
    public func refresh(_ index: String?, options: IndicesOptions) async throws -> RefreshResponse {
        await Task.yield()
        return try engine.refresh(index, options: options)
    }

    /// `_flush`, `_forcemerge` and `_cache/clear`: the shards of the indices `index` names.
    /// There is nothing else to do: every write is in the synced journal when it returns, the
    /// engine keeps no segments to merge and no caches to clear.
    public func maintain(_ index: String?, options: IndicesOptions) throws -> RefreshResponse {
        let summaries = try engine.summaries(index, options: options)
        let total = summaries.reduce(0) { $0 + 1 + $1.replicas }
        return RefreshResponse(shards: ShardStatistics(total: total, successful: summaries.count, failed: 0))
    }
}
