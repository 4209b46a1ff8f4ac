import TestSelectSupport

/// Errors of `testselect run` that stop it before any test runs.
public enum RunError: Error, CustomStringConvertible, Equatable, BadInputError {
    /// The durations file exists but cannot be used.
    case unreadableDurations(path: String, reason: String)
    /// The flakes file exists but cannot be used.
    case unreadableFlakes(path: String, reason: String)
    /// The `--build-cache` directory cannot be created or written.
    case buildCacheUnusable(path: String, reason: String)
    /// A file or directory testselect writes (logs, JUnit, durations) cannot be written.
    case cannotWrite(path: String, reason: String)
    /// `--cache` outside a git repository: fingerprints are git object ids.
    case cacheNeedsGit(String)
    /// `--build-cache` outside a git repository: unchanged files are told by git object ids.
    case buildCacheNeedsGit(String)

    public var description: String {
        switch self {
        case .unreadableDurations(let path, let reason):
            return
                "cannot use the durations file '\(path)': \(reason); delete it (it is rebuilt by the next run) or pass another with '--durations'"
        case .unreadableFlakes(let path, let reason):
            return
                "cannot use the flakes file '\(path)': \(reason); delete it (the next run with '--retries' starts it again) or pass another with '--flakes'"
        case .buildCacheUnusable(let path, let reason):
            return
                "cannot use '\(path)' as the build cache ('--build-cache'): \(reason); give a directory this user can write"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason); check that the directory is writable"
        case .buildCacheNeedsGit(let root):
            return
                "'--build-cache' needs a git repository ('\(root)' is not one): unchanged files are told by git object ids"
        case .cacheNeedsGit(let root):
            return
                "'--cache' needs a git repository ('\(root)' is not one): suites are fingerprinted by git object ids"
        }
    }

    public var isBadInput: Bool {
        switch self {
        case .unreadableDurations, .unreadableFlakes, .buildCacheUnusable: return true
        case .cannotWrite: return false
        case .cacheNeedsGit, .buildCacheNeedsGit: return true
        }
    }
}
