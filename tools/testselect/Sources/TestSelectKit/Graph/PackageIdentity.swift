import Foundation
import TestSelectSupport

/// SwiftPM's package identities.
public enum PackageIdentity {
    /// The identity of a path: its last component, lower-cased.
    public static func forPath(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let last = trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
        return last.lowercased()
    }

    /// The identity of a source-control URL: its last component without `.git`, lower-cased.
    public static func forURL(_ url: String) -> String {
        var trimmed = Substring(url)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if let separator = trimmed.lastIndex(where: { $0 == "/" || $0 == ":" }) {
            trimmed = trimmed[trimmed.index(after: separator)...]
        }
        if trimmed.hasSuffix(".git") { trimmed = trimmed.dropLast(4) }
        return trimmed.lowercased()
    }
}

extension PackageIdentity {
    /// Whether a `url:` names a repository on disk (`"../.."`, `"/srv/git/x"`) rather than a remote.
    public static func isLocalURL(_ url: String) -> Bool {
        !url.contains(":")
    }

    /// The identity SwiftPM gives a dependency on a directory: the last component of the directory
    /// it resolves to from the package (the repository's own name for `..` reaching the root).
    ///
    /// - Parameters:
    ///   - location: the `path:` (or local `url:`) as written.
    ///   - packageDirectory: the depending package's repository-relative directory.
    ///   - repositoryRoot: the repository's absolute directory.
    public static func forDirectory(_ location: String, from packageDirectory: String, repositoryRoot: String)
        -> String
    {
        if location.hasPrefix("/") {
            return forPath(URL(fileURLWithPath: location).standardized.path)
        }
        let joined = RepoPath.join(packageDirectory, location)
        if joined == "." { return forPath(repositoryRoot) }
        if joined == ".." || joined.hasPrefix("../") {
            return forPath(URL(fileURLWithPath: repositoryRoot + "/" + joined).standardized.path)
        }
        return forPath(joined)
    }

    /// A declared package with the identities of its path and local-URL dependencies resolved as
    /// SwiftPM resolves them (not from the text: `path: ".."` is the directory's name, not `..`).
    public static func resolvingLocalDependencies(
        of package: DeclaredPackage, in directory: String, repositoryRoot: String, repositoryName: String
    ) -> DeclaredPackage {
        var package = package
        let root =
            URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().path + "/" + repositoryName
        for index in package.dependencies.indices {
            let dependency = package.dependencies[index]
            switch dependency.kind {
            case .path:
                guard let path = dependency.path else { continue }
                package.dependencies[index].identity = forDirectory(
                    path, from: directory, repositoryRoot: root)
            case .url:
                guard let url = dependency.url, isLocalURL(url) else { continue }
                package.dependencies[index].identity = forDirectory(
                    url, from: directory, repositoryRoot: root)
            case .registry:
                continue
            }
        }
        return package
    }
}
