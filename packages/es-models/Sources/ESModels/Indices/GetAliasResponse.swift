/// The answer of get-alias: for each concrete index, its aliases (or the requested ones).
///
/// JSON: `{"assetflat-v2": {"aliases": {"assetflat": {}}}}`. An alias that does not exist
/// gives an empty response.
public struct GetAliasResponse: Sendable, Equatable {
    /// Alias definitions by alias name, by concrete index name.
    public var indices: [String: [String: AliasDefinition]]

    /// Creates a response.
    public init(indices: [String: [String: AliasDefinition]] = [:]) {
        self.indices = indices
    }

    /// The concrete indices that carry `alias`, sorted.
    public func indices(withAlias alias: String) -> [String] {
        indices.filter { $0.value[alias] != nil }.keys.sorted()
    }

    /// Every alias name present, sorted.
    public var aliasNames: [String] {
        Set(indices.values.flatMap(\.keys)).sorted()
    }
}

extension GetAliasResponse: JSONConvertible {
    public init(json: JSONValue) throws {
        guard case .object(let entries) = json else {
            throw ElasticsearchError.xContentParse(
                "[get_alias_response] expected an object, found [\(json.tokenName)]")
        }
        var indices: [String: [String: AliasDefinition]] = [:]
        for (index, entry) in entries {
            let aliases = entry["aliases"]?.objectValue ?? [:]
            indices[index] = try aliases.mapValues(AliasDefinition.init(json:))
        }
        self.init(indices: indices)
    }

    public var json: JSONValue {
        .object(indices.mapValues { ["aliases": .object($0.mapValues(\.json))] })
    }
}
