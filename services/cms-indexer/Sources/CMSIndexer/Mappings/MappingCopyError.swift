/// A problem locating, reading or writing the mapping copy.
public enum MappingCopyError: Error, CustomStringConvertible, Equatable {
    /// No repository root above the starting directory.
    case repositoryNotFound(startingAt: String)
    /// `--repo` names a directory that is not a repository of ours.
    case notARepository(path: String)
    /// The mapping copy directory exists but cannot be listed (or is a file).
    case cannotList(directory: String, reason: String)
    /// A copy file could not be written.
    case cannotWrite(path: String, reason: String)
    /// A stale copy file could not be removed.
    case cannotRemove(path: String, reason: String)

    public var description: String {
        switch self {
        case .repositoryNotFound(let start):
            return
                "cannot find the repository root above '\(start)' (a directory holding 'packages/integration-fixtures' or '.git'); run from inside the repository or pass --repo DIR"
        case .notARepository(let path):
            return
                "'\(path)' is not the repository root (it has neither 'packages/' nor '.git'); pass the directory holding 'packages/integration-fixtures'"
        case .cannotList(let directory, let reason):
            return "cannot list the mapping copy directory '\(directory)': \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason); check the directory's permissions"
        case .cannotRemove(let path, let reason):
            return "cannot remove the stale copy '\(path)': \(reason); remove it by hand"
        }
    }
}
