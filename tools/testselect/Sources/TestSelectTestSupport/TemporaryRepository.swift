import Foundation
import TestSelectManifest
import TestSelectSupport

/// A real git repository in a temporary directory, for tests. Create it with `withTemporaryRepository`.
public struct TemporaryRepository: Sendable {
    /// The absolute path of the repository's root.
    public let root: String
    private let runner = SystemProcessRunner()

    init(root: String) {
        self.root = root
    }

    /// The absolute path of a repository-relative path.
    public func path(_ relative: String) -> String {
        relative == "." ? root : root + "/" + relative
    }

    /// Writes a file (creating its directories).
    public func write(_ relative: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Writes several files.
    public func write(_ files: [String: String]) throws {
        for (relative, contents) in files.sorted(by: { $0.key < $1.key }) { try write(relative, contents) }
    }

    /// Appends a line to a file (creating it if needed).
    public func touch(_ relative: String, line: String = "// changed") throws {
        let existing = (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
        try write(relative, existing + line + "\n")
    }

    /// Deletes a file or directory.
    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// Runs git in the repository and returns its standard output.
    @discardableResult
    public func git(_ arguments: String...) throws -> String {
        try git(arguments)
    }

    /// Runs git in the repository and returns its standard output.
    @discardableResult
    public func git(_ arguments: [String]) throws -> String {
        let output = try runner.run("git", arguments, in: root)
        guard output.status == 0 else {
            throw TemporaryRepositoryError.gitFailed(arguments: arguments, stderr: output.stderr)
        }
        return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Clones this repository to `path` (a fresh checkout: every file has a new modification time),
    /// with the same committer identity.
    public func clone(to path: String) throws -> TemporaryRepository {
        let output = try runner.run("git", ["clone", "-q", root, path], in: nil)
        guard output.status == 0 else {
            throw TemporaryRepositoryError.gitFailed(arguments: ["clone", root, path], stderr: output.stderr)
        }
        let clone = TemporaryRepository(root: path)
        try clone.git("config", "user.email", "tests@example.com")
        try clone.git("config", "user.name", "Tests")
        try clone.git("config", "commit.gpgsign", "false")
        return clone
    }

    /// Stages everything and commits; returns the new commit's SHA.
    @discardableResult
    public func commitAll(_ message: String = "change") throws -> String {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
        return try git("rev-parse", "HEAD")
    }
}

/// Failures of the test helpers.
public enum TemporaryRepositoryError: Error, CustomStringConvertible {
    /// A git command failed.
    case gitFailed(arguments: [String], stderr: String)

    public var description: String {
        switch self {
        case .gitFailed(let arguments, let stderr):
            return "git \(arguments.joined(separator: " ")) failed: \(stderr)"
        }
    }
}

/// Runs `body` with a fresh empty directory that is removed afterwards, whatever happens.
public func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "testselect-\(UUID().uuidString.prefix(12))")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let resolved = base.resolvingSymlinksInPath().path
    return try body(resolved)
}

/// Runs async `body` with a fresh empty directory that is removed afterwards, whatever happens.
public func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "testselect-\(UUID().uuidString.prefix(12))")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let resolved = base.resolvingSymlinksInPath().path
    return try await body(resolved)
}

/// Runs `body` with a fresh git repository (on branch `main`, with a committer identity) that is
/// removed afterwards, whatever happens.
///
/// ```swift
/// try withTemporaryRepository { repo in
///     try repo.write("Package.swift", manifest)
///     try repo.commitAll()
/// }
/// ```
public func withTemporaryRepository<T>(name: String = "repo", _ body: (TemporaryRepository) throws -> T)
    throws -> T
{
    try withTemporaryDirectory { directory in
        let root = directory + "/" + name
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let repository = TemporaryRepository(root: root)
        try repository.git("init", "-q", "-b", "main")
        try repository.git("config", "user.email", "tests@example.com")
        try repository.git("config", "user.name", "Tests")
        try repository.git("config", "commit.gpgsign", "false")
        return try body(repository)
    }
}
