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

/// The answer of a get-alias request, with the alias names asked for that matched nothing
/// (Elasticsearch answers those with a 404 that still lists what was found).
public struct AliasLookup: Sendable, Equatable {
    /// The aliases found, by concrete index.
    public var response: GetAliasResponse
    /// Names asked for (without wildcards) that no index carries.
    public var missing: [String]
}
