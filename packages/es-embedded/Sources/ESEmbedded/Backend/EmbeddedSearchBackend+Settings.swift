import ESModels

extension EmbeddedSearchBackend {
    /// Changes dynamic settings of the indices `index` names (`PUT /{index}/_settings`):
    /// `number_of_replicas`, `refresh_interval`, `max_result_window`,
    /// `mapping.total_fields.limit`, ...; `null` restores a default.
    ///
    /// - Throws: `illegal_argument_exception` for unknown or static settings, as Elasticsearch.
    public func updateSettings(_ index: String, settings: IndexSettings) throws -> AcknowledgedResponse {
        try engine.updateSettings(index, settings: settings)
    }

    /// Stores a composable index template (`PUT /_index_template/{name}`): its `template`
    /// (settings, mappings, aliases) applies beneath the request when an index matching
    /// `index_patterns` is created (the matching template of highest `priority`).
    ///
    /// ```swift
    /// _ = try backend.putIndexTemplate("logs", body: ["index_patterns": ["logs-*"], "template": [...]])
    /// ```
    ///
    /// - Throws: `illegal_argument_exception` for a template of the same priority with an
    ///   overlapping pattern, `invalid_index_template_exception` for component templates (there
    ///   are none).
    public func putIndexTemplate(_ name: String, body: JSONValue, create: Bool = false) throws
        -> AcknowledgedResponse
    {
        try engine.putIndexTemplate(name, body: body, create: create)
    }

    /// The templates `name` selects (a name, a pattern, or every one for `nil`), with their bodies.
    ///
    /// - Throws: `resource_not_found_exception` for a concrete name that matches nothing.
    public func indexTemplates(_ name: String?) throws -> [(name: String, body: JSONValue)] {
        try engine.indexTemplates(name).map { (name: $0.0, body: $0.1) }
    }

    /// Removes the templates `name` (or a pattern) names.
    public func deleteIndexTemplate(_ name: String) throws -> AcknowledgedResponse {
        try engine.deleteIndexTemplate(name)
    }
}

extension EmbeddedSearchBackend {
    /// `_analyze` (`POST /_analyze`, `POST /{index}/_analyze`): the tokens `body`'s analyzer
    /// (named, a `field`'s, or assembled from `tokenizer`, `filter` and `char_filter`) makes of
    /// its `text`, or every stage with `"explain": true`, as Elasticsearch answers.
    ///
    /// - Throws: `index_not_found_exception`; `illegal_argument_exception` for an unknown analyzer,
    ///   tokenizer or filter ("failed to find global tokenizer under [x]");
    ///   `action_request_validation_exception` without `text`.
    public func analyze(index: String?, body: JSONValue) throws -> JSONValue {
        try engine.analyze(index: index, body: body)
    }
}
