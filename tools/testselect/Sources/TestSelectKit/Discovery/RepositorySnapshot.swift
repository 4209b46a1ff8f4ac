import Foundation

/// One state of the repository that manifests are read from: the working tree, a commit, or a
/// plain directory. The graph of each state is built the same way.
public protocol RepositorySnapshot: Sendable {
    /// How the state is named in messages ("the working tree", "commit 1a2b3c4").
    var label: String { get }
    /// The absolute directory where this state's files exist on disk, if they do (not for a commit).
    var checkout: String? { get }
    /// The files of this state.
    func listing() throws -> FileListing
    /// The text of some files of this state; files that do not exist are absent from the result.
    func contents(of paths: [String]) throws -> [String: String]
}

/// The working tree of a git repository: tracked files plus untracked files git does not ignore,
/// except build output (`.build/`, `.swiftpm/` at any depth), which a repository without a
/// `.gitignore` for it would otherwise report as thousands of new files.
public struct WorkingTreeSnapshot: RepositorySnapshot {
    let git: Git
    /// Untracked (and not ignored) files, collected by `listing()`'s single `git ls-files`.
    public let untracked: [String]
    let files: [String]

    /// Lists the working tree with one `git ls-files`.
    public init(git: Git) throws {
        self.git = git
        let (tracked, all) = try git.workingTreeFiles()
        let untracked = all.filter { !WorkingTreeSnapshot.isBuildOutput($0) }
        self.files = tracked + untracked
        self.untracked = untracked
    }

    /// Whether a path lies in a `.build` or `.swiftpm` directory.
    static func isBuildOutput(_ path: String) -> Bool {
        path.hasPrefix(".build/") || path.hasPrefix(".swiftpm/") || path.contains("/.build/")
            || path.contains("/.swiftpm/")
    }

    public var label: String { "the working tree" }
    public var checkout: String? { git.root }
    public func listing() throws -> FileListing { FileListing(files: files) }
    public func contents(of paths: [String]) throws -> [String: String] {
        DiskReader.read(paths, root: git.root)
    }
}

/// A commit, read with `git ls-tree` and `git cat-file --batch`.
public struct RevisionSnapshot: RepositorySnapshot {
    let git: Git
    /// The commit SHA.
    public let revision: String

    /// Creates a snapshot of `revision` (a commit SHA).
    public init(git: Git, revision: String) {
        self.git = git
        self.revision = revision
    }

    public var label: String { "commit \(revision.prefix(10))" }
    public var checkout: String? { nil }
    public func listing() throws -> FileListing { FileListing(files: try git.files(at: revision)) }
    public func contents(of paths: [String]) throws -> [String: String] {
        try git.contents(of: paths, at: revision)
    }
}

/// A plain directory that is not a git repository, walked on disk (skipping `.build`, `.swiftpm`, ...).
public struct DirectorySnapshot: RepositorySnapshot {
    /// The absolute directory.
    public let root: String

    /// Creates a snapshot of a directory.
    public init(root: String) {
        self.root = root
    }

    public var label: String { "the directory '\(root)'" }
    public var checkout: String? { root }

    public func listing() throws -> FileListing {
        var files: [String] = []
        walk(relative: ".", into: &files)
        return FileListing(files: files.sorted())
    }

    private func walk(relative: String, into files: inout [String]) {
        let absolute = relative == "." ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
        for name in names {
            let child = relative == "." ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute + "/" + name, isDirectory: &isDirectory)
            else {
                continue
            }
            if isDirectory.boolValue {
                if FileListing.skippedDirectoryNames.contains(name) { continue }
                let attributes = try? FileManager.default.attributesOfItem(atPath: absolute + "/" + name)
                if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                walk(relative: child, into: &files)
            } else {
                files.append(child)
            }
        }
    }

    public func contents(of paths: [String]) throws -> [String: String] {
        DiskReader.read(paths, root: root)
    }
}

/// Reads files below a root directory.
enum DiskReader {
    static func read(_ paths: [String], root: String) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            if let data = FileManager.default.contents(atPath: root + "/" + path) {
                result[path] = String(decoding: data, as: UTF8.self)
            }
        }
        return result
    }
}
