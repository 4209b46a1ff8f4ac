import ESModels

extension Catalog {
    /// Applies alias actions all together or not at all, with Elasticsearch's checks.
    ///
    /// - Returns: the indices `remove_index` actions deleted.
    /// - Throws: `index_not_found_exception`, `aliases_not_found_exception`,
    ///   `invalid_alias_name_exception` or `illegal_state_exception`; nothing is applied then.
    mutating func applyAliasActions(_ actions: [AliasAction]) throws -> [String] {
        var updated = self
        var removedIndices: [String] = []
        for action in actions {
            switch action {
            case .add(let pattern, let alias, let definition):
                try IndexNames.validateAlias(alias)
                let targets = try updated.concreteIndices(pattern)
                for index in targets {
                    updated.aliases[alias, default: [:]][index] = definition.resolvingRouting
                }
            case .remove(let pattern, let aliasPattern, let mustExist):
                let targets = try updated.concreteIndices(pattern)
                var removed = false
                for index in targets {
                    for alias in Array(updated.aliases.keys) where Glob.matches(aliasPattern, alias) {
                        if updated.aliases[alias]?.removeValue(forKey: index) != nil { removed = true }
                        if updated.aliases[alias]?.isEmpty == true { updated.aliases[alias] = nil }
                    }
                }
                if !removed && (mustExist ?? true) && !aliasPattern.contains("*") {
                    throw ElasticsearchError.aliasesNotFound([aliasPattern])
                }
            case .removeIndex(let pattern):
                if self.aliases[pattern] != nil && indices[pattern] == nil {
                    throw ElasticsearchError.illegalArgument(
                        "The provided expression [\(pattern)] matches an alias, specify the corresponding concrete indices instead."
                    )
                }
                for index in try updated.concreteIndices(pattern) {
                    updated.removeIndex(index)
                    removedIndices.append(index)
                }
            }
        }
        for (alias, members) in updated.aliases {
            if updated.indices[alias] != nil {
                throw ElasticsearchError.invalidAliasName(
                    alias, "an index or data stream exists with the same name as the alias")
            }
            let writers = members.filter { $0.value.isWriteIndex == true }.keys.sorted()
            if writers.count > 1 {
                throw ElasticsearchError(
                    type: "illegal_state_exception",
                    reason:
                        "alias [\(alias)] has more than one write index [\(writers.joined(separator: ","))]",
                    status: 500)
            }
        }
        self = updated
        return removedIndices
    }

    /// The concrete indices an alias action's `index` names (an index or a pattern).
    ///
    /// - Throws: `index_not_found_exception` when a concrete name does not exist.
    func concreteIndices(_ pattern: String) throws -> [String] {
        if pattern.contains("*") {
            return indices.keys.filter { Glob.matches(pattern, $0) }.sorted()
        }
        guard indices[pattern] != nil else { throw ElasticsearchError.indexNotFound(pattern) }
        return [pattern]
    }

    /// The get-alias answer: for the indices `index` names (all when `nil`), the aliases
    /// matching `name` (all when `nil`; a list with `*` patterns); and the names asked for
    /// that matched nothing (Elasticsearch answers those with a 404).
    func aliasInfo(name: String?, index: String?, options: IndicesOptions = IndicesOptions()) throws -> (
        response: GetAliasResponse, missing: [String]
    ) {
        let targets = try resolve(index, options: options).map(\.index)
        let patterns = name.map { $0.split(separator: ",").map(String.init) } ?? []
        var result: [String: [String: AliasDefinition]] = [:]
        var found: Set<String> = []
        for target in targets {
            let own = aliases(of: target)
            let selected = own.filter { alias, _ in
                patterns.isEmpty || patterns.contains { $0 == "_all" || Glob.matches($0, alias) }
            }
            found.formUnion(selected.keys)
            if !selected.isEmpty || (name == nil) { result[target] = selected }
        }
        let missing = patterns.filter { !$0.contains("*") && $0 != "_all" && !found.contains($0) }
        return (GetAliasResponse(indices: result), missing)
    }
}

extension AliasDefinition {
    /// The definition as Elasticsearch stores it: `routing` sets both `index_routing` and
    /// `search_routing` (unless they are given), and is reported as those two.
    var resolvingRouting: AliasDefinition {
        guard let routing else { return self }
        var resolved = self
        resolved.indexRouting = indexRouting ?? routing
        resolved.searchRouting = searchRouting ?? routing
        resolved.routing = nil
        return resolved
    }
}
