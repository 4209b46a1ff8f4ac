import ESModels

extension Engine {
    func createIndex(_ name: String, definition: IndexDefinition) throws -> CreateIndexResponse {
        try IndexNames.validateIndex(name)
        try Self.validateSettings(definition.settings)
        try Self.validateMapping(definition.mappings)
        return try write { catalog, records in
            let definition = try Self.applyingTemplates(name, definition, catalog: catalog)
            if let existing = catalog.indices[name] {
                throw ElasticsearchError.indexAlreadyExists(name, uuid: existing.identity.uuid)
            }
            if let failure = catalog.failed[name] { throw ElasticsearchError.indexUnavailable(failure) }
            if catalog.aliases[name] != nil {
                throw ElasticsearchError.invalidIndexName(name, "already exists as alias")
            }
            if catalog.metadata.dataStreams[name] != nil {
                throw ElasticsearchError.invalidIndexName(name, "already exists as data stream")
            }
            if let (template, found) = Self.matchingTemplate(name, catalog: catalog), found.dataStream != nil
            {
                throw ElasticsearchError.illegalArgument(
                    "cannot create index with name [\(name)], because it matches with template [\(template)] that creates data streams only, use create data stream api instead"
                )
            }
            for alias in definition.aliases.keys.sorted() {
                try IndexNames.validateAlias(alias)
                if alias == name || catalog.indices[alias] != nil {
                    throw ElasticsearchError.invalidAliasName(
                        alias, "an index or data stream exists with the same name as the alias")
                }
            }
            // Templates may add analysis settings, so the analyzers are checked as applied.
            try AnalysisRegistry(settings: definition.settings).check(definition.mappings)
            createIndexState(
                name, settings: definition.settings, mapping: definition.mappings, in: &catalog,
                records: &records)
            if !definition.aliases.isEmpty {
                for (alias, aliasDefinition) in definition.aliases {
                    catalog.aliases[alias, default: [:]][name] = aliasDefinition.resolvingRouting
                }
                records.append(.aliases(catalog.aliases))
            }
            return CreateIndexResponse(acknowledged: true, shardsAcknowledged: true, index: name)
        }
    }

    /// Adds a new index to the catalog (the name already checked).
    func createIndexState(
        _ name: String, settings: IndexSettings, mapping: Mapping, in catalog: inout Catalog,
        records: inout [JournalRecord]
    ) {
        let uuid = Self.randomIdentifier(length: 22)
        let created = clock.nowMillis
        catalog.indices[name] = IndexState(
            name: name, uuid: uuid, creationDate: created, settings: settings, mapping: mapping,
            monotonicMillis: monotonicMillis)
        records.append(
            .createIndex(name: name, uuid: uuid, creationDate: created, settings: settings, mapping: mapping))
    }

    func deleteIndex(_ expression: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let names = expression.split(separator: ",").map(String.init)
            for name in names {
                if name.contains("*") || name == "_all" {
                    throw ElasticsearchError.illegalArgument(
                        "Wildcard expressions or all indices are not allowed")
                }
                // A failed index can be deleted (as Elasticsearch deletes a red index): its
                // damaged records then no longer matter.
                if let stream = catalog.dataStream(backedBy: name),
                    catalog.dataStreamIndices(stream)?.last == name
                {
                    throw ElasticsearchError.illegalArgument(
                        "index [\(name)] is the write index for data stream [\(stream)] and cannot be deleted"
                    )
                }
                if catalog.indices[name] == nil && catalog.failed[name] == nil {
                    if catalog.metadata.dataStreams[name] != nil {
                        throw ElasticsearchError.illegalArgument(
                            "The provided expression [\(name)] matches a data stream, specify the corresponding concrete indices instead."
                        )
                    }
                    if catalog.aliases[name] != nil {
                        throw ElasticsearchError.illegalArgument(
                            "The provided expression [\(name)] matches an alias, specify the corresponding concrete indices instead."
                        )
                    }
                    throw ElasticsearchError.indexNotFound(name)
                }
            }
            let aliasesBefore = catalog.aliases
            for name in names {
                catalog.removeIndex(name)
                records.append(.deleteIndex(name: name))
            }
            if catalog.aliases != aliasesBefore { records.append(.aliases(catalog.aliases)) }
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    func indexExists(_ expression: String) throws -> Bool {
        try read { catalog in
            if catalog.failed[expression] != nil { return true }
            do {
                return !(try catalog.resolve(expression)).isEmpty || expression.contains("*")
            } catch let error as ElasticsearchError where error.status == 404 {
                return false
            }
        }
    }

    func getMapping(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws
        -> GetMappingResponse
    {
        try read { catalog in
            var mappings: [String: Mapping] = [:]
            for target in try catalog.resolve(expression, options: options) {
                mappings[target.index] = catalog.indices[target.index]?.mapping
            }
            return GetMappingResponse(mappings: mappings)
        }
    }

    func putMapping(_ expression: String, mapping: Mapping) throws -> AcknowledgedResponse {
        try Self.validateMapping(mapping)
        return try write { catalog, records in
            let targets = try catalog.resolve(expression).map(\.index)
            var merged: [String: Mapping] = [:]
            for name in targets {
                guard let state = catalog.indices[name] else { continue }
                merged[name] = try state.mapping.merged(with: mapping)
                try state.analysis.check(mapping)
            }
            for (name, newMapping) in merged where newMapping != catalog.indices[name]?.mapping {
                catalog.indices[name]?.setMapping(newMapping)
                records.append(.mapping(index: name, mapping: newMapping))
            }
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    func refresh(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws -> RefreshResponse
    {
        try read { catalog in
            let targets = Array(Set(try catalog.resolve(expression, options: options).map(\.index)))
            var total = 0
            for name in targets {
                catalog.indices[name]?.refresh(monotonicMillis: monotonicMillis)
                total += 1 + (catalog.indices[name]?.numberOfReplicas ?? 0)
            }
            return RefreshResponse(
                shards: ShardStatistics(total: total, successful: targets.count, failed: 0))
        }
    }

    /// Checks the settings Elasticsearch checks at creation.
    static func validateSettings(_ settings: IndexSettings) throws {
        for name in ["index.number_of_shards", "index.number_of_replicas"] {
            guard let value = settings[name] else { continue }
            let number = value.intValue ?? value.stringValue.flatMap { Int($0) }
            let minimum = name.hasSuffix("shards") ? 1 : 0
            guard let number, number >= minimum else {
                throw ElasticsearchError.illegalArgument(
                    "Failed to parse value [\(DocumentParser.preview(value))] for setting [\(name)] must be >= \(minimum)"
                )
            }
        }
        if let interval = settings.refreshInterval, interval != "-1",
            IndexState.parseInterval(interval) == nil
        {
            throw ElasticsearchError.illegalArgument(
                "failed to parse setting [index.refresh_interval] with value [\(interval)] as a time value: unit is missing or unrecognized"
            )
        }
    }

    /// Checks what the mapping model leaves to the engine: that date formats compile.
    static func validateMapping(_ mapping: Mapping) throws {
        for (path, field) in mapping.allFields where field.type == .date {
            guard let format = field.format else { continue }
            do {
                _ = try DateFormat.cached(format)
            } catch let error as ElasticsearchError {
                throw ElasticsearchError.mapperParsing(
                    "Failed to parse mapping: Invalid format: [\(format)] for field [\(path)]: \(error.reason)"
                )
            }
        }
    }
}
