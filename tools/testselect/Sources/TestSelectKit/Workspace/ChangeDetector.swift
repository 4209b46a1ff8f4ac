import TestSelectManifest
import TestSelectSupport

/// Turns `--base`/`--head`/`--changed-files` into a change set, with a constant number of git calls.
public struct ChangeDetector: Sendable {
    /// Revisions tried, in order, when no base is given.
    public static let defaultBases = ["origin/HEAD", "origin/main", "main", "master"]

    let workspace: Workspace

    /// Creates a detector for a workspace.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Computes what changed.
    ///
    /// - Parameters:
    ///   - base: the base revision (default: the first of `defaultBases` that exists); the diff starts
    ///     at its merge-base with head.
    ///   - head: the head revision, or nil for the working tree (staged, unstaged and untracked files).
    ///   - listed: changed files given explicitly (`--changed-files`), used instead of git's diff.
    ///   - headSnapshot: the head state (its untracked files count as added).
    /// - Throws: `GitError` for a missing repository or an unknown revision.
    public func changes(
        base: String?, head: String?, listed: [ChangedFile]?, headSnapshot: any RepositorySnapshot
    ) throws -> ChangeSet {
        guard let git = workspace.git else {
            guard let listed, base == nil, head == nil else { throw GitError.notARepository(workspace.root) }
            return ChangeSet(base: nil, head: nil, files: listed)
        }
        let headSHA = try head.map { revision -> String in
            guard let sha = try git.commit(revision) else { throw GitError.unknownRevision(revision) }
            return sha
        }
        if let listed {
            guard let base else { return ChangeSet(base: nil, head: headSHA, files: listed) }
            guard let baseSHA = try git.commit(base) else { throw GitError.unknownRevision(base) }
            let mergeBase = try git.mergeBase(baseSHA, headSHA ?? "HEAD")
            return ChangeSet(base: mergeBase, head: headSHA, files: listed)
        }
        guard let headCommit = try headSHA ?? git.commit("HEAD") else {
            throw GitError.unknownRevision("HEAD")
        }
        let baseRevision = try base ?? defaultBase(git)
        guard let baseSHA = try git.commit(baseRevision) else { throw GitError.unknownRevision(baseRevision) }
        var untracked: [ChangedFile] = []
        if headSHA == nil, let tree = headSnapshot as? WorkingTreeSnapshot {
            untracked = tree.untracked.map { ChangedFile(path: $0, status: .added) }
        }
        guard let mergeBase = try git.mergeBase(baseSHA, headCommit) else {
            let reason =
                try git.isShallow()
                ? "no merge-base of '\(baseRevision)' and \(head.map { "'\($0)'" } ?? "HEAD") in this shallow clone; "
                    + "fetch more history ('git fetch --deepen=100' or '--unshallow') to select precisely"
                : "'\(baseRevision)' and \(head.map { "'\($0)'" } ?? "HEAD") share no history"
            let files = try git.diff(base: baseSHA, head: headSHA) + untracked
            return ChangeSet(base: baseSHA, head: headSHA, files: files, missingMergeBase: reason)
        }
        return ChangeSet(
            base: mergeBase, head: headSHA, files: try git.diff(base: mergeBase, head: headSHA) + untracked)
    }

    func defaultBase(_ git: Git) throws -> String {
        for candidate in ChangeDetector.defaultBases where try git.commit(candidate) != nil {
            return candidate
        }
        throw GitError.noDefaultBase
    }

    /// Parses a changed-files list: one path per line, or `git diff --name-status` lines
    /// (`M\tpath`, `R100\told\tnew`). Plain paths count as modified, or deleted when `exists` says
    /// the file is gone.
    public static func parseList(_ text: String, exists: (String) -> Bool) -> [ChangedFile] {
        var files: [ChangedFile] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine).trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count >= 2, let code = fields[0].first,
                fields[0].allSatisfy({ $0.isLetter || $0.isNumber }),
                "AMDRCTU".contains(code)
            {
                switch code {
                case "R" where fields.count >= 3:
                    files.append(
                        ChangedFile(path: clean(fields[2]), status: .renamed, oldPath: clean(fields[1])))
                case "C" where fields.count >= 3:
                    files.append(ChangedFile(path: clean(fields[2]), status: .added))
                case "A": files.append(ChangedFile(path: clean(fields[1]), status: .added))
                case "D": files.append(ChangedFile(path: clean(fields[1]), status: .deleted))
                default: files.append(ChangedFile(path: clean(fields[1]), status: .modified))
                }
                continue
            }
            let path = clean(line)
            files.append(ChangedFile(path: path, status: exists(path) ? .modified : .deleted))
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0.path + "\u{0}" + ($0.oldPath ?? "")).inserted }
    }

    private static func clean(_ path: String) -> String {
        RepoPath.normalize(path)
    }
}
