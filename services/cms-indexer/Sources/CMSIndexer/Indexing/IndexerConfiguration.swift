import ESModels

/// What an indexing run does.
public struct IndexerConfiguration: Sendable {
    /// The CMS database file.
    public var databasePath: String
    /// The indices to build, in order (default: every index).
    public var indices: [IndexName]
    /// The definitions the new indices are created with (default: ``CMSIndices``).
    public var definitions: [IndexName: IndexDefinition]
    /// Documents per bulk request.
    public var batchSize: Int
    /// Complete versions kept per alias, the live one included (at least 1).
    public var retain: Int
    /// Where version names come from.
    public var clock: WallClock

    /// Creates a configuration.
    public init(
        databasePath: String, indices: [IndexName] = CMSIndices.names,
        definitions: [IndexName: IndexDefinition] = CMSIndices.all, batchSize: Int = 500, retain: Int = 2,
        clock: WallClock
    ) {
        self.databasePath = databasePath
        self.indices = indices
        self.definitions = definitions
        self.batchSize = batchSize
        self.retain = retain
        self.clock = clock
    }

    /// The alias marking complete builds of `alias`: the indexer adds it with the alias
    /// itself, so retention never keeps a half-built index left by a killed run.
    public static func completeMarker(for alias: String) -> String {
        "\(alias).complete"
    }
}
