import ESModels

extension Engine {
    /// The settings an open index can change (`PUT /{index}/_settings`); the others are static
    /// (`number_of_shards`, analysis) or unknown to the engine.
    static let dynamicSettingNames: Set<String> = [
        "index.number_of_replicas", "index.refresh_interval", "index.max_result_window",
        "index.mapping.total_fields.limit", "index.auto_expand_replicas", "index.blocks.write",
        "index.blocks.read_only", "index.blocks.read_only_allow_delete", "index.max_inner_result_window",
        "index.search.idle.after", "index.routing.allocation.include._tier_preference",
    ]
    /// Settings Elasticsearch knows that cannot change on an open index.
    static let staticSettingNames: Set<String> = [
        "index.number_of_shards", "index.codec", "index.routing_partition_size", "index.sort.field",
        "index.sort.order", "index.mapping.nested_objects.limit",
    ]

    /// Applies dynamic settings to every index `expression` names; a `null` value restores the
    /// default.
    ///
    /// - Throws: `illegal_argument_exception` for unknown settings ("unknown setting [x] ...") and
    ///   static ones ("Can't update non dynamic settings [[x]] for open indices [[name/uuid]]"),
    ///   as Elasticsearch words them.
    func updateSettings(_ expression: String, settings: IndexSettings) throws -> AcknowledgedResponse {
        for name in settings.values.keys.sorted() {
            if Self.dynamicSettingNames.contains(name) || Self.staticSettingNames.contains(name)
                || name.hasPrefix("index.analysis.")
            {
                continue
            }
            throw ElasticsearchError.illegalArgument(
                "unknown setting [\(name)] please check that any required plugins are installed, or check the breaking changes documentation for removed settings"
            )
        }
        try Self.validateSettings(settings)
        return try write { catalog, records in
            let targets = try catalog.resolve(expression).map(\.index)
            let staticNames = settings.values.keys.filter { !Self.dynamicSettingNames.contains($0) }.sorted()
            if !staticNames.isEmpty {
                let indices = targets.compactMap { catalog.indices[$0] }.map {
                    "[\($0.identity.name)/\($0.identity.uuid)]"
                }
                throw ElasticsearchError.illegalArgument(
                    "Can't update non dynamic settings [[\(staticNames.joined(separator: ", "))]] for open indices [\(indices.joined(separator: ", "))]"
                )
            }
            for name in targets {
                guard let state = catalog.indices[name] else { continue }
                var values = state.settings.values
                for (key, value) in settings.values { values[key] = value.isNull ? nil : value }
                let updated = IndexSettings(values)
                guard updated != state.settings else { continue }
                catalog.indices[name]?.setSettings(updated)
                records.append(.settings(index: name, settings: updated))
            }
            return AcknowledgedResponse(acknowledged: true)
        }
    }
}
