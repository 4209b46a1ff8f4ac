import ESModels

/// What the indexer reports while it runs.
public enum IndexingEvent: Sendable, Equatable {
    /// A new concrete index was created for an alias.
    case started(alias: String, index: String)
    /// A batch was indexed; totals for this index so far.
    case progressed(alias: String, documents: Int, failed: Int, rows: Int)
    /// Every batch of an index was sent.
    case finished(alias: String, index: String, documents: Int, failed: Int)
    /// The aliases were moved to the new indices.
    case switched(aliases: [String])
    /// An old version was deleted by the retention rule.
    case deleted(index: String)
    /// An incremental pass applied a page of changes.
    case applied(changes: Int, upserted: Int, deleted: Int, failed: Int, position: Int64)
    /// Something went wrong that does not fail the run.
    case warning(String)
}

/// Receives progress events (a printer for the command line; tests collect them).
public protocol IndexingProgress: Sendable {
    /// Handles one event.
    func report(_ event: IndexingEvent)
}

/// Ignores progress.
public struct SilentProgress: IndexingProgress {
    /// Creates a silent reporter.
    public init() {}

    public func report(_ event: IndexingEvent) {}
}
