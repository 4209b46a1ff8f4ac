import Foundation
import TestSelectSupport

/// Forms CI systems consume: a GitHub Actions matrix and `swift test` command lines (the GitLab and
/// Buildkite pipelines are `GitLabPipelineFormatter` and `BuildkitePipelineFormatter`).
public enum CIFormatters {
    /// The selected suites grouped by package, in order.
    static func byPackage(_ selection: Selection) -> [(package: String, targets: [String])] {
        var groups: [(package: String, targets: [String])] = []
        for suite in selection.selected {
            if groups.last?.package == suite.package {
                groups[groups.count - 1].targets.append(suite.target)
            } else {
                groups.append((suite.package, [suite.target]))
            }
        }
        return groups
    }

    /// The `swift test --filter` regular expression running exactly these test targets' modules
    /// (empty when the whole package must run). Tests are named by module (`My_Tests` for the target
    /// `My-Tests`), so the target names are mangled as SwiftPM mangles them, then escaped.
    public static func filter(for targets: [String]) -> String {
        if targets.contains("*") { return "" }
        return "^(" + targets.map(ModuleName.pattern(for:)).joined(separator: "|") + ")\\."
    }

    /// The `swift test --skip` regular expression leaving out exactly these tests (as `swift test
    /// list` names them; a Swift Testing id may be followed by `/` and its source location), or nil
    /// for none.
    public static func skip(for tests: [String]) -> String? {
        guard !tests.isEmpty else { return nil }
        return "^(" + tests.sorted().map(ModuleName.escaped).joined(separator: "|") + ")(/|$)"
    }

    /// The tests an impact map leaves out of each package's selected suites.
    static func skipped(_ selection: Selection, package: String) -> [String] {
        selection.selected.filter { $0.package == package }.flatMap { $0.scope?.skipped ?? [] }
    }

    /// `{"include":[{"package":..,"targets":[..],"filter":..}]}` for a GitHub Actions matrix, with
    /// `"skip":..` (for `swift test --skip`) where an impact map leaves tests out.
    public static func githubMatrix(_ selection: Selection) -> String {
        let include = byPackage(selection).map { group -> JSONValue in
            var members: [(String, JSONValue)] = [
                ("package", .string(group.package)), ("targets", .strings(group.targets)),
                ("filter", .string(filter(for: group.targets))),
            ]
            if let skip = skip(for: skipped(selection, package: group.package)) {
                members.append(("skip", .string(skip)))
            }
            return .object(members)
        }
        return JSONValue.object([("include", .array(include))]).serialized() + "\n"
    }

    /// `{"include":[{"shard":"I/N","packages":[..],"suites":[..],"estimated_seconds":S}]}`: one entry
    /// per non-empty shard of the plan, each run by `testselect run --shard I/N` with the same
    /// selection options and durations file.
    public static func shardedMatrix(_ plan: RunPlan, shards count: Int, durations: DurationStore) -> String {
        let shards = ShardPlanner.assign(plan: plan, shards: count, durations: durations)
        let loads = ShardPlanner.loads(of: shards, durations: durations)
        let include = shards.enumerated().compactMap { index, suites -> JSONValue? in
            guard !suites.isEmpty else { return nil }
            var packages: [String] = []
            for suite in suites where packages.last != suite.package { packages.append(suite.package) }
            return .object([
                ("shard", .string("\(index + 1)/\(count)")), ("packages", .strings(packages)),
                ("suites", .strings(suites.map { "\($0.package):\($0.target)" })),
                ("estimated_seconds", .number(loads[index].rounded())),
            ])
        }
        return JSONValue.object([("include", .array(include))]).serialized() + "\n"
    }

    /// One `swift test --package-path P --filter '...'` line per package, to run from the repository root.
    public static func commands(_ selection: Selection) -> String {
        byPackage(selection).map { group in
            let filter = filter(for: group.targets)
            return swiftTest(
                package: group.package, filter: filter.isEmpty ? nil : filter,
                skip: skip(for: skipped(selection, package: group.package))) + "\n"
        }.joined()
    }

    /// The `swift test` line testing a package from the repository root: `filter` nil runs every
    /// test, `junit` names the xUnit file (Swift Testing's results go beside it, as
    /// `<name>-swift-testing.xml`). XCTest writes that file only when it runs in parallel, so
    /// `junit` adds `--parallel` (Swift Testing runs in parallel either way). Every word is quoted
    /// for a POSIX shell.
    static func swiftTest(package: String, filter: String?, skip: String? = nil, junit: String? = nil)
        -> String
    {
        var line = "swift test --package-path \(shellQuote(package))"
        if let filter { line += " --filter \(shellQuote(filter))" }
        if let skip { line += " --skip \(shellQuote(skip))" }
        if let junit { line += " --parallel --xunit-output \(shellQuote(junit))" }
        return line
    }

    /// Quotes a word for a POSIX shell when it needs it.
    static func shellQuote(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@".contains($0) }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
