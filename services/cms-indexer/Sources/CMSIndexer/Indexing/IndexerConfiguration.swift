import ESModels

/// What an indexing run does.
public struct IndexerConfiguration: Sendable {
    /// The CMS database.
    public var database: CMSDatabaseLocation
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
        database: CMSDatabaseLocation, indices: [IndexName] = CMSIndices.names,
        definitions: [IndexName: IndexDefinition] = CMSIndices.all, batchSize: Int = 500, retain: Int = 2,
        clock: WallClock
    ) {
        self.database = database
        self.indices = indices
        self.definitions = definitions
        self.batchSize = batchSize
        self.retain = retain
        self.clock = clock
    }

    /// A configuration for a SQLite file.
    public init(
        databasePath: String, indices: [IndexName] = CMSIndices.names,
        definitions: [IndexName: IndexDefinition] = CMSIndices.all, batchSize: Int = 500, retain: Int = 2,
        clock: WallClock
    ) {
        self.init(
            database: .sqlite(path: databasePath), indices: indices, definitions: definitions,
            batchSize: batchSize,
            retain: retain, clock: clock)
    }

    /// The alias marking complete builds of `alias`: the indexer adds it with the alias
    /// itself, so retention never keeps a half-built index left by a killed run.
    public static func completeMarker(for alias: String) -> String {
        "\(alias).complete"
    }
}
