import Foundation

/// Finds the monorepo's root directory, where `packages/integration-fixtures` lives.
public enum RepositoryRoot {
    /// The directory of the mapping copy, relative to the repository root.
    public static let fixturesPath = "packages/integration-fixtures"

    /// Walks up from `start` to the first directory holding `packages/integration-fixtures`,
    /// stopping at the git top level (a directory holding `.git`), which is the answer when
    /// the fixtures package does not exist yet.
    ///
    /// - Throws: ``MappingCopyError/repositoryNotFound(startingAt:)`` when neither is found.
    public static func locate(startingAt start: URL) throws -> URL {
        let fileManager = FileManager.default
        var directory = start.standardizedFileURL
        while true {
            if isDirectory(directory.appendingPathComponent(fixturesPath)) { return directory }
            if fileManager.fileExists(atPath: directory.appendingPathComponent(".git").path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        throw MappingCopyError.repositoryNotFound(startingAt: start.path)
    }

    /// Checks a root given explicitly (`--repo DIR`): it must hold `packages/` or `.git`.
    ///
    /// - Throws: ``MappingCopyError/notARepository(path:)``.
    public static func validate(_ root: URL) throws -> URL {
        let root = root.standardizedFileURL
        guard
            isDirectory(root.appendingPathComponent("packages"))
                || FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path)
        else { throw MappingCopyError.notARepository(path: root.path) }
        return root
    }

    /// `--repo DIR` when given (relative to `currentDirectory`), else a walk up from the current
    /// directory.
    public static func resolve(explicit: String?, currentDirectory: String) throws -> URL {
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        if let explicit {
            return try validate(URL(fileURLWithPath: explicit, isDirectory: true, relativeTo: base))
        }
        return try locate(startingAt: base)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
