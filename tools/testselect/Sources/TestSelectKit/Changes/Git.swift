import Foundation
import TestSelectSupport

/// The git commands testselect needs, run in one repository.
///
/// Every query is a single process whatever the size of the repository: one `ls-files`, one
/// `diff`, one `ls-tree`, one `cat-file --batch` for any number of files.
public struct Git: Sendable {
    /// The absolute path of the working tree's top level.
    public let root: String
    let runner: any ProcessRunning

    /// Creates a handle on the repository whose top level is `root`.
    public init(root: String, runner: any ProcessRunning = SystemProcessRunner()) {
        self.root = root
        self.runner = runner
    }

    /// The top level of the working tree containing `directory`, or nil when it is not in one.
    public static func topLevel(of directory: String, runner: any ProcessRunning = SystemProcessRunner())
        throws
        -> String?
    {
        let output = try runner.run("git", ["rev-parse", "--show-toplevel"], in: directory)
        guard output.status == 0 else { return nil }
        let path = output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }

    /// Runs git and returns its output, throwing when it fails.
    func run(_ arguments: [String], input: Data? = nil) throws -> ProcessOutput {
        let output = try runner.run("git", arguments, in: root, input: input)
        guard output.status == 0 else {
            throw GitError.commandFailed(
                command: "git " + arguments.joined(separator: " "),
                message: output.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return output
    }

    /// The ignore rule that hides a path (`.gitignore:3:scratch/`), or nil when git does not ignore it.
    public func ignoreRule(for path: String) -> String? {
        guard let output = try? runner.run("git", ["check-ignore", "-v", "--", path], in: root, input: nil),
            output.status == 0
        else { return nil }
        let line = output.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        return line.split(separator: "\t").first.map(String.init)
    }

    /// The full SHA of the commit `revision` names, or nil when it names none.
    public func commit(_ revision: String) throws -> String? {
        let output = try runner.run(
            "git", ["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: root)
        guard output.status == 0 else { return nil }
        return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The best common ancestor of two commits, or nil when they share no history (or it is not fetched).
    public func mergeBase(_ first: String, _ second: String) throws -> String? {
        let output = try runner.run("git", ["merge-base", first, second], in: root)
        guard output.status == 0 else { return nil }
        let sha = output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        return sha.isEmpty ? nil : sha
    }

    /// Whether the clone is shallow.
    public func isShallow() throws -> Bool {
        try run(["rev-parse", "--is-shallow-repository"]).stdoutText.hasPrefix("true")
    }

    /// Tracked and untracked-but-not-ignored files of the working tree.
    public func workingTreeFiles() throws -> (tracked: [String], untracked: [String]) {
        let output = try run(["ls-files", "-z", "-t", "--cached", "--others", "--exclude-standard"])
        var tracked: [String] = []
        var untracked: [String] = []
        for entry in Git.splitNul(output.stdout) {
            guard entry.count > 2 else { continue }
            let tag = entry.first
            let path = String(entry.dropFirst(2))
            if tag == "?" { untracked.append(path) } else { tracked.append(path) }
        }
        return (tracked, untracked)
    }

    /// Every file of a commit's tree.
    public func files(at revision: String) throws -> [String] {
        Git.splitNul(try run(["ls-tree", "-r", "-z", "--name-only", "--full-tree", revision]).stdout)
    }

    /// The contents of files at a revision, read with one `git cat-file --batch`; missing files are absent.
    public func contents(of paths: [String], at revision: String) throws -> [String: String] {
        guard !paths.isEmpty else { return [:] }
        let request = paths.map { "\(revision):\($0)\n" }.joined()
        let output = try run(["cat-file", "--batch"], input: Data(request.utf8))
        let bytes = [UInt8](output.stdout)
        var result: [String: String] = [:]
        var index = 0
        for path in paths {
            guard let headerEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: bytes[index..<headerEnd], as: UTF8.self)
            index = headerEnd + 1
            let fields = header.split(separator: " ")
            guard fields.count == 3, let size = Int(fields[2]) else { continue }
            let end = min(index + size, bytes.count)
            if fields[1] == "blob" { result[path] = String(decoding: bytes[index..<end], as: UTF8.self) }
            index = end + 1
        }
        return result
    }

    /// `git diff --name-status -z -M` between two revisions, or between a revision and the working
    /// tree (index and unstaged changes) when `head` is nil.
    public func diff(base: String, head: String?) throws -> [ChangedFile] {
        var arguments = ["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", base]
        if let head { arguments.append(head) }
        arguments.append("--")
        return ChangedFile.parseNameStatus(Git.splitNul(try run(arguments).stdout))
    }

    static func splitNul(_ data: Data) -> [String] {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> [String] in
            var result: [String] = []
            var start = 0
            for index in 0..<buffer.count where buffer[index] == 0 {
                if index > start {
                    result.append(
                        String(
                            decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            if start < buffer.count {
                result.append(
                    String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start...]), as: UTF8.self))
            }
            return result
        }
    }
}
