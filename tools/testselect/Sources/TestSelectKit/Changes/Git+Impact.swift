import Foundation

/// The lines a diff changed in one file: removed lines numbered in the old file, added lines in
/// the new one.
public struct ChangedLines: Sendable, Hashable {
    /// Lines of the old file that the change removed or replaced.
    public var removed: [Int]
    /// Lines of the new file that the change added or replaced.
    public var added: [Int]

    /// Reads `git diff -U0` output: its `@@ -a,b +c,d @@` hunk headers.
    public init(unifiedDiff text: String) {
        var removed: [Int] = []
        var added: [Int] = []
        for line in text.split(separator: "\n") where line.hasPrefix("@@ ") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            func range(_ field: Substring) -> [Int] {
                let parts = field.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
                guard let start = Int(parts[0]) else { return [] }
                let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
                return count > 0 ? Array(start..<(start + count)) : []
            }
            removed += range(fields[1])
            added += range(fields[2])
        }
        self.removed = removed
        self.added = added
    }
}

extension Git {
    /// The repository's root commits: what identifies it across clones.
    public func rootCommits(of revision: String = "HEAD") throws -> [String] {
        try run(["rev-list", "--max-parents=0", revision, "--"]).stdoutText.split(separator: "\n").map(
            String.init
        ).sorted()
    }

    /// Every file's blob id at a revision.
    public func blobIDs(at revision: String) throws -> [String: String] {
        var ids: [String: String] = [:]
        for entry in Git.splitNul(try run(["ls-tree", "-r", "-z", "--full-tree", revision]).stdout) {
            // `<mode> <type> <id>\t<path>`
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            guard fields.count == 3, fields[1] == "blob" else { continue }
            ids[String(entry[entry.index(after: tab)...])] = String(fields[2])
        }
        return ids
    }

    /// How many commits lie between two revisions, either way (`git rev-list --count A...B`).
    public func distance(_ first: String, _ second: String) throws -> Int {
        Int(
            try run(["rev-list", "--count", "\(first)...\(second)", "--"]).stdoutText.trimmingCharacters(
                in: .whitespacesAndNewlines)) ?? Int.max
    }

    /// The lines changed in one file between a revision and a head revision (or the working tree).
    public func changedLines(of path: String, base: String, head: String?) throws -> ChangedLines {
        var arguments = ["diff", "-U0", "--no-ext-diff", "--no-textconv", "--no-color", base]
        if let head { arguments.append(head) }
        arguments += ["--", path]
        return ChangedLines(unifiedDiff: try run(arguments).stdoutText)
    }
}
