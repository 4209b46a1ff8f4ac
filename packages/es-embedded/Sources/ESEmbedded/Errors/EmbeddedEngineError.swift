/// Failures of the embedded engine itself (its data directory, its files), as opposed to the
/// Elasticsearch errors it reports for requests (`ElasticsearchError`).
public enum EmbeddedEngineError: Error, Sendable, Equatable {
    /// The data directory could not be created or opened.
    case dataDirectoryUnavailable(path: String, reason: String)
    /// Another engine already uses the data directory.
    case dataDirectoryLocked(path: String)
    /// A file of the data directory could not be read or written.
    case io(path: String, operation: String, reason: String)
    /// Records of the data directory are damaged where no single index can take the loss (the
    /// snapshot's own records, or records whose index cannot be known): the engine does not
    /// open until an operator repairs the directory. No file was changed.
    case damagedJournal(path: String, damages: [JournalDamage])
    /// A repair was asked for fewer indices than are damaged: a repair rewrites the whole
    /// directory, so it must be allowed to drop every damaged record.
    case repairScope(path: String, damagedIndices: [String], engineDamaged: Bool)
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
        case .damagedJournal(let path, let damages):
            "data directory '\(path)' is damaged and was not opened (nothing was changed): "
                + (damages.first.map { "\($0)" } ?? "damaged records")
                + (damages.count > 1 ? " (and \(damages.count - 1) more damaged regions)" : "") + "; "
                + RepairAdvice.commands(dataDirectory: path, indices: nil)
        case .repairScope(let path, let indices, let engineDamaged):
            engineDamaged
                ? "data directory '\(path)' has damage that belongs to no single index; repair it with "
                    + "'es-embedded repair --data \(RepairAdvice.shellQuoted(path)) --all'"
                : "a repair of '\(path)' rewrites every index, and these are damaged: "
                    + indices.map { "'\($0)'" }.joined(separator: ", ")
                    + "; name them all with '--index \(indices.joined(separator: ","))' (or use '--all')"
        case .writesDisabled(let reason):
            "writes are disabled after a write-ahead-log failure (\(reason)); restart the engine"
        case .closed:
            "the engine is closed and accepts no more writes; open a new EmbeddedSearchBackend on its data directory"
        }
    }
}
