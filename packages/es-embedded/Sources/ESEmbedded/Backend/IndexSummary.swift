import ESModels

/// What `GET /{index}` and `GET /_cluster/health` report about one index.
public struct IndexSummary: Sendable, Equatable {
    /// The index name.
    public var name: String
    /// The index uuid.
    public var uuid: String
    /// Creation time in epoch milliseconds.
    public var creationDate: Int
    /// The settings given at creation.
    public var settings: IndexSettings
    /// The current mapping.
    public var mapping: Mapping
    /// The aliases of the index, by name.
    public var aliases: [String: AliasDefinition]
    /// Live documents (written, refreshed or not).
    public var documentCount: Int
    /// `index.number_of_replicas` (1 by default); a single node cannot assign them.
    public var replicas: Int
}

extension IndexSummary {
    /// The settings as `GET /{index}/_settings` reports them: every value a string, with the
    /// ones Elasticsearch adds itself (shards, replicas, uuid, creation date, provided name,
    /// version).
    public var reportedSettings: IndexSettings {
        var values: [String: JSONValue] = [
            "index.number_of_shards": "1", "index.number_of_replicas": .string(String(replicas)),
            "index.provided_name": .string(name), "index.creation_date": .string(String(creationDate)),
            "index.uuid": .string(uuid), "index.version.created": "8512000",
        ]
        for (key, value) in settings.values {
            values[key] = .string(value.stringValue ?? value.compactString)
        }
        return IndexSettings(values)
    }
}

/// The answer of a get-alias request, with the alias names asked for that matched nothing
/// (Elasticsearch answers those with a 404 that still lists what was found).
public struct AliasLookup: Sendable, Equatable {
    /// The aliases found, by concrete index.
    public var response: GetAliasResponse
    /// Names asked for (without wildcards) that no index carries.
    public var missing: [String]
}
