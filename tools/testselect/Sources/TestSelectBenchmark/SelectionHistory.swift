import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// `testselect-bench repo DIR --history N [--on REV]`: how many suites a repository's recent
/// changes select, the figure a split of a target into smaller ones is meant to lower.
///
/// The last `limit` first-parent commits of HEAD (merges count as their first-parent diff), each
/// one's changed files (`git diff --name-status` against its first parent) given to `testselect
/// --changed-files`. Without `on`, each change is selected on its own commit's tree (what CI saw);
/// with `on`, every change is selected on that one revision's tree (checked out in a scratch
/// worktree), so two layouts of the same packages, before and after a split, are compared on the
/// same changes. A path the other tree no longer has is owned by no target there (testselect then
/// says so, as for any unowned file), so compare trees whose files did not move.
public struct SelectionHistory: Sendable {
    /// One change's selection.
    public struct Entry: Sendable {
        public var commit: String
        public var selected: Int
        public var suites: Int
        public var runAll: Bool
        /// With durations: the seconds of the selected suites, and of every suite.
        public var selectedSeconds: Double?
        public var allSeconds: Double?
    }

    public var testselect: String
    public var repository: String
    public var limit: Int
    public var on: String?
    /// Recorded suite durations (`testselect run`'s durations file): each change's selection is
    /// also weighed in seconds, a suite without a figure counted at the median.
    public var durations: DurationStore?
    let print: @Sendable (String) -> Void

    public init(
        testselect: String, repository: String, limit: Int, on: String?, durations: DurationStore? = nil,
        print: @escaping @Sendable (String) -> Void
    ) {
        self.durations = durations
        self.testselect = testselect
        self.repository = URL(fileURLWithPath: repository).standardized.path
        self.limit = limit
        self.on = on
        self.print = print
    }

    /// Runs every change and prints one line each, then the summary line; returns the entries.
    @discardableResult
    public func run() throws -> [Entry] {
        let commits = try git(
            ["rev-list", "--first-parent", "--max-count=\(limit + 1)", "HEAD"], in: repository
        )
        .split(separator: "\n").map(String.init)
        // The oldest commit listed is only a parent, unless it is the root commit.
        let changes = Array(commits.prefix(limit)).filter { commit in
            (try? git(["rev-parse", "--verify", "--quiet", commit + "^1"], in: repository)) != nil
        }
        var tree: String? = nil
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-bench-history-\(getpid())"
        ).path
        if let on {
            guard (try? git(["rev-parse", "--verify", "--quiet", on + "^{commit}"], in: repository)) != nil
            else {
                throw BenchmarkError.unknownRevision(on)
            }
            try? FileManager.default.removeItem(atPath: scratch)
            _ = try git(["worktree", "add", "--detach", "--quiet", scratch, on], in: repository)
            tree = scratch
        }
        defer {
            if tree != nil {
                _ = try? git(["worktree", "remove", "--force", scratch], in: repository)
                try? FileManager.default.removeItem(atPath: scratch)
            }
        }
        let label = on.map { "on the tree of \($0)" } ?? "each on its own commit"
        print("selection history: the last \(changes.count) first-parent changes of \(repository), \(label)")
        var entries: [Entry] = []
        for (number, commit) in changes.enumerated() {
            let arguments: [String]
            var input: Data? = nil
            if let tree {
                let diff = try git(
                    ["diff", "--name-status", "--no-renames", commit + "^1", commit], in: repository)
                arguments = ["--repo", tree, "--changed-files", "-", "--format", "json"]
                input = Data(diff.utf8)
            } else {
                arguments = [
                    "--repo", repository, "--base", commit + "^1", "--head", commit, "--format", "json",
                ]
            }
            let output = try SystemProcessRunner().run(
                testselect, arguments, in: repository, input: input,
                environment: ProcessInfo.processInfo.environment)
            guard output.status == 0 else {
                throw BenchmarkError.testselectFailed(status: output.status, log: output.stderr)
            }
            let document = try JSONValue.parse(output.stdoutText)
            let selectedSuites = document["selected"]?.arrayValue ?? []
            let skippedSuites = document["skipped"]?.arrayValue ?? []
            let selected = selectedSuites.count
            var entry = Entry(
                commit: commit, selected: selected, suites: selected + skippedSuites.count,
                runAll: document["run_all"] == .bool(true))
            if let durations {
                entry.selectedSeconds = Self.seconds(of: selectedSuites, in: durations)
                entry.allSeconds = Self.seconds(of: selectedSuites + skippedSuites, in: durations)
            }
            entries.append(entry)
            let weight = entry.selectedSeconds.map { String(format: ", %.1f s", $0) } ?? ""
            print(
                "  \(number + 1) \(commit.prefix(10)): \(entry.selected) of \(entry.suites) suites\(weight)"
                    + (entry.runAll ? " (run all)" : ""))
        }
        let count = max(1, entries.count)
        let selected = Double(entries.map(\.selected).reduce(0, +)) / Double(count)
        let suites = Double(entries.map(\.suites).reduce(0, +)) / Double(count)
        print(
            String(
                format:
                    "bench-repo-history commits=%d mean_selected=%.2f mean_suites=%.2f share=%.3f run_all=%d",
                entries.count, selected, suites, suites == 0 ? 0 : selected / suites,
                entries.filter(\.runAll).count))
        if durations != nil {
            let selectedSeconds = entries.compactMap(\.selectedSeconds).reduce(0, +) / Double(count)
            let allSeconds = entries.compactMap(\.allSeconds).reduce(0, +) / Double(count)
            print(
                String(
                    format:
                        "bench-repo-history-seconds commits=%d mean_selected_s=%.1f mean_all_s=%.1f share=%.3f",
                    entries.count, selectedSeconds, allSeconds,
                    allSeconds == 0 ? 0 : selectedSeconds / allSeconds))
        }
        return entries
    }

    /// The recorded seconds of `suites` (selection JSON entries), the median for one without.
    static func seconds(of suites: [JSONValue], in durations: DurationStore) -> Double {
        let median = durations.medianSuiteSeconds ?? 0
        return suites.reduce(0) { total, suite in
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue
            else {
                return total
            }
            return total + (durations.seconds(package: package, target: target) ?? median)
        }
    }

    private func git(_ arguments: [String], in directory: String) throws -> String {
        let output = try SystemProcessRunner().run("git", arguments, in: directory)
        guard output.status == 0 else {
            throw BenchmarkError.gitFailed(arguments, output.stderr)
        }
        return output.stdoutText
    }
}
