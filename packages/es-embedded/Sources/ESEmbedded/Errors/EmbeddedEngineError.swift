/// Failures of the embedded engine itself (its data directory, its files), as opposed to the
/// Elasticsearch errors it reports for requests (``ESModels/ElasticsearchError``).
public enum EmbeddedEngineError: Error, Sendable, Equatable {
    /// The data directory could not be created or opened.
    case dataDirectoryUnavailable(path: String, reason: String)
    /// Another engine already uses the data directory.
    case dataDirectoryLocked(path: String)
    /// A file of the data directory could not be read or written.
    case io(path: String, operation: String, reason: String)
    /// The snapshot file is damaged (it is written atomically, so this means the disk changed it).
    case corruptSnapshot(path: String, reason: String)
    /// A previous write-ahead-log failure stopped the engine from accepting writes.
    case writesDisabled(reason: String)
    /// The engine was closed; it accepts no more writes.
    case closed
}

extension EmbeddedEngineError: CustomStringConvertible {
    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .dataDirectoryUnavailable(let path, let reason):
            "cannot use data directory '\(path)': \(reason); check that the path is a writable directory"
        case .dataDirectoryLocked(let path):
            "data directory '\(path)' is in use by another es-embedded engine; stop it or use another directory"
        case .io(let path, let operation, let reason):
            "cannot \(operation) '\(path)': \(reason); check the disk and the file's permissions"
        case .corruptSnapshot(let path, let reason):
            "snapshot '\(path)' is damaged (\(reason)); restore the data directory from a backup or move the file away to start from the write-ahead log alone"
        case .writesDisabled(let reason):
            "writes are disabled after a write-ahead-log failure (\(reason)); restart the engine"
        case .closed:
            "the engine is closed and accepts no more writes; open a new EmbeddedSearchBackend on its data directory"
        }
    }
}
