import ESModels

/// Every index and alias of the engine: the state one lock guards.
struct Catalog: Sendable {
    var indices: [String: IndexState] = [:]
    /// Alias name -> index name -> definition.
    var aliases: [String: [String: AliasDefinition]] = [:]
    /// Indices whose records are damaged: not served (every request naming them fails with the
    /// reason) until an operator repairs the data directory or deletes them.
    var failed: [String: IndexFailure] = [:]
    /// Composable index templates (`_index_template`) by name: the bodies as stored.
    var templates: [String: JSONValue] = [:]
    /// Legacy and component templates, persistent cluster settings, snapshot repositories.
    var metadata = ClusterMetadata()
    /// Transient cluster settings, flat: kept in memory only, lost at a restart as a full
    /// cluster restart loses them.
    var transientSettings: [String: JSONValue] = [:]

    /// A concrete index reached by a read, with the alias filter that applies to it (`nil`
    /// when it was reached without a filter).
    struct Target: Sendable {
        var index: String
        var filter: Query?
    }

    /// The concrete indices an index expression names, for reads (search, count, mapping,
    /// refresh): indices, aliases, comma-separated lists, `*` patterns, `-` exclusions and
    /// `_all`. A pattern that matches nothing adds nothing; a missing concrete name fails.
    ///
    /// - Throws: `index_not_found_exception` for a missing concrete name.
    func resolve(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws -> [Target] {
        if let expression, let targets = plainTargets(expression) { return targets }
        var unfiltered: Set<String> = []
        var filters: [String: [Query]] = [:]
        func add(_ index: String, filter: Query?) {
            if let filter { filters[index, default: []].append(filter) } else { unfiltered.insert(index) }
        }
        let parts = (expression ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        if parts.isEmpty || parts == ["_all"] {
            for name in indices.keys { add(name, filter: nil) }
        }
        for (position, part) in parts.enumerated() where part != "_all" || parts.count > 1 {
            if part == "_all" {
                for name in indices.keys { add(name, filter: nil) }
            } else if position > 0, part.hasPrefix("-") {
                let pattern = String(part.dropFirst())
                for name in Array(unfiltered) + Array(filters.keys)
                where Self.nameMatches(pattern, name, aliases: aliases) {
                    unfiltered.remove(name)
                    filters[name] = nil
                }
            } else if part.contains("*") {
                var matched = false
                for name in indices.keys where Glob.matches(part, name) {
                    add(name, filter: nil)
                    matched = true
                }
                for (alias, members) in aliases where Glob.matches(part, alias) {
                    for (index, definition) in members { add(index, filter: definition.filter) }
                    matched = true
                }
                for name in metadata.dataStreams.keys where Glob.matches(part, name) {
                    for index in dataStreamIndices(name) ?? [] { add(index, filter: nil) }
                    matched = true
                }
                if !matched && !options.allowNoIndices { throw ElasticsearchError.indexNotFound(part) }
            } else if indices[part] != nil {
                add(part, filter: nil)
            } else if let failure = failed[part] {
                throw ElasticsearchError.indexUnavailable(failure)
            } else if let members = aliases[part] {
                for (index, definition) in members {
                    if let failure = failed[index] { throw ElasticsearchError.indexUnavailable(failure) }
                    add(index, filter: definition.filter)
                }
            } else if let backing = dataStreamIndices(part) {
                for index in backing { add(index, filter: nil) }
            } else if !options.ignoreUnavailable {
                throw ElasticsearchError.indexNotFound(part)
            }
        }
        // Failed indices reached through a pattern are left out here (``failedMatches(_:)``
        // names them, so that searches count them as failed shards).
        let names = unfiltered.union(filters.keys).filter { indices[$0] != nil }.sorted()
        if names.isEmpty && !options.allowNoIndices {
            throw ElasticsearchError.indexNotFound(expression ?? "_all")
        }
        return names.map { name in
            if unfiltered.contains(name) { return Target(index: name, filter: nil) }
            let list = filters[name] ?? []
            return Target(index: name, filter: list.count == 1 ? list[0] : .bool(should: list))
        }
    }

    /// The usual expression, one index or one alias of one index, resolved without taking an
    /// expression apart (every search resolves its expression); `nil` for anything else.
    private func plainTargets(_ name: String) -> [Target]? {
        guard !name.isEmpty, name != "_all",
            !name.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "*") })
        else { return nil }
        if indices[name] != nil { return [Target(index: name, filter: nil)] }
        guard let members = aliases[name], members.count == 1, let (index, definition) = members.first,
            indices[index] != nil
        else {
            return nil
        }
        return [Target(index: index, filter: definition.filter)]
    }

    /// The failed indices a pattern or `_all` in `expression` reaches (a failed index named
    /// exactly, or through an alias, makes ``resolve(_:)`` throw instead).
    func failedMatches(_ expression: String?) -> [IndexFailure] {
        guard !failed.isEmpty else { return [] }
        let parts = (expression ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let everything = parts.isEmpty || parts.contains("_all")
        return failed.values.filter { failure in
            everything
                || parts.contains { part in
                    part.contains("*")
                        && (Glob.matches(part, failure.index)
                            || aliases.contains {
                                Glob.matches(part, $0.key) && $0.value[failure.index] != nil
                            })
                }
        }.sorted { $0.index < $1.index }
    }

    private static func nameMatches(
        _ pattern: String, _ index: String, aliases: [String: [String: AliasDefinition]]
    )
        -> Bool
    {
        if Glob.matches(pattern, index) { return true }
        return aliases.contains { alias, members in Glob.matches(pattern, alias) && members[index] != nil }
    }

    /// The one concrete index a single-document read names (an index, or an alias of one index).
    ///
    /// - Throws: `index_not_found_exception`, or `illegal_argument_exception` for an alias of
    ///   several indices.
    func single(_ name: String) throws -> String {
        if indices[name] != nil { return name }
        if let failure = failed[name] { throw ElasticsearchError.indexUnavailable(failure) }
        guard let members = aliases[name], !members.isEmpty else {
            throw ElasticsearchError.indexNotFound(name)
        }
        guard members.count == 1, let only = members.keys.first else {
            throw ElasticsearchError.illegalArgument(
                "alias [\(name)] has more than one index associated with it [\(members.keys.sorted().joined(separator: ", "))], can't execute a single index op"
            )
        }
        if let failure = failed[only] { throw ElasticsearchError.indexUnavailable(failure) }
        return only
    }

    /// The index a write to `name` goes to: the index, or the write index of an alias; `nil`
    /// when nothing has that name (the write creates the index).
    ///
    /// - Throws: `illegal_argument_exception` for an alias without a write index.
    func writeTarget(nameOrNil name: String) -> String? {
        (try? writeTarget(name)) ?? nil
    }

    func writeTarget(_ name: String) throws -> String? {
        if indices[name] != nil { return name }
        if let failure = failed[name] { throw ElasticsearchError.indexUnavailable(failure) }
        guard let members = aliases[name] else { return nil }
        func usable(_ index: String) throws -> String {
            if let failure = failed[index] { throw ElasticsearchError.indexUnavailable(failure) }
            return index
        }
        if let explicit = members.first(where: { $0.value.isWriteIndex == true }) {
            return try usable(explicit.key)
        }
        if members.count == 1, let only = members.first, only.value.isWriteIndex != false {
            return try usable(only.key)
        }
        throw ElasticsearchError.illegalArgument(
            "no write index is defined for alias [\(name)]. The write index may be explicitly disabled using "
                + "is_write_index=false or the alias points to multiple indices without one being designated as a "
                + "write index")
    }

    /// The aliases of `index`, by name.
    func aliases(of index: String) -> [String: AliasDefinition] {
        var result: [String: AliasDefinition] = [:]
        for (alias, members) in aliases {
            if let definition = members[index] { result[alias] = definition }
        }
        return result
    }

    /// Removes `index` and its alias entries.
    mutating func removeIndex(_ index: String) {
        indices[index] = nil
        failed[index] = nil
        for alias in Array(aliases.keys) {
            aliases[alias]?[index] = nil
            if aliases[alias]?.isEmpty == true { aliases[alias] = nil }
        }
    }
}
