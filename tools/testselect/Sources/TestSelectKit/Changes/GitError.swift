import TestSelectSupport

/// Errors talking to git.
public enum GitError: Error, CustomStringConvertible, Equatable, BadInputError {
    /// The directory is not inside a git working tree.
    case notARepository(String)
    /// A revision does not name a commit.
    case unknownRevision(String)
    /// No default base revision exists.
    case noDefaultBase
    /// A git command failed unexpectedly.
    case commandFailed(command: String, message: String)

    public var description: String {
        switch self {
        case .notARepository(let path):
            return "'\(path)' is not inside a git repository; run testselect in a clone, pass '--repo DIR', "
                + "or give the changed files with '--changed-files FILE'"
        case .unknownRevision(let revision):
            return
                "unknown revision '\(revision)'; check the name, or fetch it first (e.g. 'git fetch origin')"
        case .noDefaultBase:
            return "no base revision found ('origin/HEAD', 'origin/main', 'main' and 'master' do not exist); "
                + "pass one with '--base REV'"
        case .commandFailed(let command, let message):
            return "'\(command)' failed: \(message)"
        }
    }

    /// Bad input (exit code 64) for the first three cases; a plain failure for a failing command.
    public var isBadInput: Bool {
        if case .commandFailed = self { return false }
        return true
    }
}
