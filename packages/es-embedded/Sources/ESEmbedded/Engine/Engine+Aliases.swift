import ESModels

extension Engine {
    func updateAliases(_ request: UpdateAliasesRequest) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let before = catalog.aliases
            let removed = try catalog.applyAliasActions(request.actions)
            for name in removed { records.append(.deleteIndex(name: name)) }
            if catalog.aliases != before || !removed.isEmpty { records.append(.aliases(catalog.aliases)) }
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The aliases named `name` on the indices `index` names, and the names that matched nothing.
    func aliasInfo(name: String?, index: String?, options: IndicesOptions = IndicesOptions()) throws -> (
        response: GetAliasResponse, missing: [String]
    ) {
        try read { catalog in try catalog.aliasInfo(name: name, index: index, options: options) }
    }
}

extension Engine {
    /// Every index an expression names, with its definition.
    /// The failed indices an expression reaches: named exactly, through an alias, or by a pattern.
    func failures(_ expression: String?) -> [IndexFailure] {
        (try? read { catalog in
            var found = catalog.failedMatches(expression)
            for part in (expression ?? "").split(separator: ",").map(String.init) {
                if let failure = catalog.failed[part] { found.append(failure) }
                for index in (catalog.aliases[part] ?? [:]).keys {
                    if let failure = catalog.failed[index] { found.append(failure) }
                }
            }
            var seen = Set<String>()
            return found.filter { seen.insert($0.index).inserted }.sorted { $0.index < $1.index }
        }) ?? []
    }

    func summaries(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws -> [IndexSummary]
    {
        try read { catalog in
            var seen = Set<String>()
            return try catalog.resolve(expression, options: options).compactMap { target in
                guard seen.insert(target.index).inserted, let state = catalog.indices[target.index] else {
                    return nil
                }
                return IndexSummary(
                    name: state.name, uuid: state.identity.uuid, creationDate: state.creationDate,
                    settings: state.settings, mapping: state.mapping,
                    aliases: catalog.aliases(of: state.name),
                    documentCount: state.writer.liveCount, replicas: state.numberOfReplicas)
            }
        }
    }
}
