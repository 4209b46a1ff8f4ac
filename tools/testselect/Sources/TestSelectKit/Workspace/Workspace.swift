import Foundation
import TestSelectManifest
import TestSelectSupport

/// A repository opened for testselect: where it is, how to read its states, and its graphs.
///
/// ```swift
/// let workspace = try Workspace.open(repository: nil, currentDirectory: cwd)
/// let head = try workspace.headSnapshot(revision: nil)
/// let graph = try workspace.graph(of: head, config: try workspace.config(of: head))
/// ```
public struct Workspace: Sendable {
    /// The absolute path of the repository (its git top level, or the plain directory).
    public let root: String
    /// Git, or nil when the directory is not a git repository.
    public let git: Git?
    /// Reads manifests.
    public let loader: ManifestLoader
    /// The directory the user named (`--repo`), which may lie inside `root`.
    public var requestedDirectory: String

    /// The repository directory's name (the identity of a root package).
    public var name: String { URL(fileURLWithPath: root).lastPathComponent }

    /// Opens the repository at `repository` (default: the git top level of `currentDirectory`).
    ///
    /// A directory that is not in a git repository is opened as a plain directory.
    /// - Throws: `WorkspaceError.notADirectory` when the path does not exist.
    public static func open(
        repository: String?, currentDirectory: String, loader: ManifestLoader = ManifestLoader(),
        runner: any ProcessRunning = SystemProcessRunner()
    ) throws -> Workspace {
        let start = repository.map { absolute($0, from: currentDirectory) } ?? currentDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw WorkspaceError.notADirectory(repository ?? start)
        }
        if let top = try Git.topLevel(of: start, runner: runner) {
            return Workspace(
                root: top, git: Git(root: top, runner: runner), loader: loader, requestedDirectory: start)
        }
        let plain = URL(fileURLWithPath: start).standardized.path
        return Workspace(root: plain, git: nil, loader: loader, requestedDirectory: plain)
    }

    static func absolute(_ path: String, from directory: String) -> String {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory + "/" + path)
        return url.standardized.path
    }

    /// The head state: a commit when `revision` is given, else the working tree (or the plain directory).
    public func headSnapshot(revision: String?) throws -> any RepositorySnapshot {
        guard let git else {
            if let revision { throw GitError.unknownRevision(revision) }
            return DirectorySnapshot(root: root)
        }
        if let revision {
            guard let sha = try git.commit(revision) else { throw GitError.unknownRevision(revision) }
            return RevisionSnapshot(git: git, revision: sha)
        }
        return try WorkingTreeSnapshot(git: git)
    }

    /// Discovers, reads and links the packages of one state (manifests matching the configuration's
    /// `ignorePackages` globs, such as test fixture packages, are not packages).
    ///
    /// - Parameter requirePackages: throw `WorkspaceError.noPackages` when the state holds none (for
    ///   the head state: a base revision may predate every package).
    public func graph(
        of snapshot: any RepositorySnapshot, config: TestSelectConfig = .defaults,
        requirePackages: Bool = false
    ) throws -> ResolvedGraph {
        let listing = try snapshot.listing()
        let found = ManifestDiscovery.packages(in: listing, ignoring: config.isIgnoredPackage)
        if requirePackages, found.isEmpty {
            throw WorkspaceError.noPackages(directory: requestedDirectory, details: noPackageDetails(listing))
        }
        let loaded = try loader.load(found, from: snapshot, repositoryRoot: root, listing: listing)
        return ResolvedGraph.build(packages: loaded, listing: listing, repositoryName: name)
    }

    /// The configuration of a state: its `.testselect.json`, or the defaults.
    public func config(of snapshot: any RepositorySnapshot) throws -> TestSelectConfig {
        guard let text = try snapshot.contents(of: [TestSelectConfig.fileName])[TestSelectConfig.fileName]
        else {
            return .defaults
        }
        return try TestSelectConfig.parse(text)
    }
}

/// Errors opening a repository.
public enum WorkspaceError: Error, CustomStringConvertible, Equatable, BadInputError {
    /// The path given as the repository is not a directory.
    case notADirectory(String)
    /// The changed-files list could not be read.
    case unreadableChangedFiles(String)
    /// The repository holds no manifest testselect can see; the details say why that may be.
    case noPackages(directory: String, details: [String])

    public var description: String {
        switch self {
        case .notADirectory(let path):
            return "'\(path)' is not a directory; pass an existing repository with '--repo DIR'"
        case .unreadableChangedFiles(let path):
            return
                "cannot read the changed-files list '\(path)'; pass a readable file, or '-' for standard input"
        case .noPackages(let directory, let details):
            return (["no Swift package in '\(directory)'"] + details).joined(separator: "; ")
                + "; run testselect in a repository whose 'Package.swift' files git can see, or pass '--repo DIR'"
        }
    }

    public var isBadInput: Bool { true }
}
