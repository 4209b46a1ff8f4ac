import Foundation
import TestSelectManifest

/// Narrows a suite-level selection with impact maps (`--impact DIR`): inside each selected suite,
/// only the tests that executed a changed file run; whenever a map cannot answer soundly, the whole
/// suite runs and the rule that applied is named.
///
/// A map records what each test executed at its commit M. What a test does can differ between M and
/// the head only through files that differ between M and the head, so the files compared are those
/// of `git diff M HEAD` (not only the change's own diff): an older map selects more, never less. A
/// test none of whose recorded files differ behaves at the head as it did at M, where it passed.
///
/// The whole suite runs when a file that reaches it (in `git diff M HEAD`, by the same rules as
/// suite-level selection) is not Swift, is new, deleted or renamed since M, or changes code outside a
/// function body (`DeclarationLines`); when any other rule selected it (a manifest, an extra input,
/// a global file, ...); and when the map is missing, damaged, of a newer format, of another
/// repository, toolchain or platform, of a commit this clone lacks, or more than `maxDistance`
/// commits away. Tests new since the map are never skipped (the run skips only tests the map lists).
public struct ImpactSelector: Sendable {
    /// The map directory.
    public var directory: String
    /// The most commits a map may be from the head (either way) before it is stale.
    public var maxDistance: Int
    /// `swift --version` now.
    public var toolchain: String
    /// `Linux-x86_64` and the like, now.
    public var platform: String

    /// The default bound on a map's age, in commits.
    public static let defaultMaxDistance = 200

    /// Creates a selector.
    public init(directory: String, maxDistance: Int, toolchain: String, platform: String) {
        self.directory = directory
        self.maxDistance = maxDistance
        self.toolchain = toolchain
        self.platform = platform
    }

    /// The selection with a `scope` on every selected suite, and the warnings to print.
    public func apply(to outcome: SelectionOutcome, workspace: Workspace, head: String?) throws -> (
        selection: Selection, warnings: [String]
    ) {
        var selection = outcome.selection
        var warnings: [String] = []
        guard !selection.selected.isEmpty else { return (selection, warnings) }
        guard let git = workspace.git else { throw ImpactError.needsGit(workspace.root) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw ImpactError.noMapDirectory(directory) }
        let roots = try git.rootCommits()
        let headSHA = try head.map { try git.commit($0) ?? $0 }

        // Each package's map, checked once.
        var maps: [String: Result<ImpactMap, Unusable>] = [:]
        var commits = CommitFacts()
        for package in Set(selection.selected.map(\.package)).sorted() {
            maps[package] = check(
                ImpactMap.load(package: package, from: directory), package: package, git: git, roots: roots,
                head: headSHA ?? "HEAD", commits: &commits)
            if case .failure(let unusable) = maps[package], unusable.warn {
                warnings.append("impact map of '\(package)' not used: \(unusable.rule); its suites run whole")
            }
        }
        // One wide selection per recorded commit: what differs between it and the head.
        var wide: [String: Comparison] = [:]
        for case .success(let map) in maps.values where wide[map.commit] == nil {
            wide[map.commit] = try compare(
                map.commit, head: headSHA, outcome: outcome, workspace: workspace, git: git)
        }
        for index in selection.selected.indices {
            let suite = selection.selected[index]
            switch maps[suite.package] {
            case .failure(let unusable):
                selection.selected[index].scope = .wholeSuite(rule: unusable.rule)
            case .success(let map):
                guard let comparison = wide[map.commit] else { continue }
                selection.selected[index].scope = scope(of: suite, map: map, comparison: comparison, git: git)
            case nil:
                selection.selected[index].scope = .wholeSuite(rule: "no impact map")
            }
        }
        return (selection, warnings)
    }

    /// What git says of each recorded commit, asked once however many packages' maps share it.
    struct CommitFacts {
        struct Facts {
            /// Commits between it and the head, either way.
            var distance: Int
            /// Every file's blob id at it (nil when git could not list them).
            var blobs: [String: String]?
        }

        private var known: [String: Facts?] = [:]

        /// The facts of `commit`, or nil when this clone lacks it.
        mutating func facts(of commit: String, head: String, git: Git) -> Facts? {
            if let cached = known[commit] { return cached }
            var facts: Facts? = nil
            if (try? git.commit(commit)) != nil {
                facts = Facts(
                    distance: (try? git.distance(commit, head)) ?? Int.max,
                    blobs: try? git.blobIDs(at: commit))
            }
            known[commit] = facts
            return facts
        }
    }

    /// Why a map cannot be used, and whether that deserves a warning (a missing map of a package is
    /// ordinary; a damaged or foreign one is not).
    struct Unusable: Error {
        var rule: String
        var warn: Bool
    }

    private func check(
        _ loaded: ImpactMap.Loaded, package: String, git: Git, roots: [String], head: String,
        commits: inout CommitFacts
    ) -> Result<ImpactMap, Unusable> {
        switch loaded {
        case .missing:
            return .failure(
                Unusable(rule: "no impact map of '\(package)' in '\(directory)'", warn: false))
        case .unusable(let reason):
            return .failure(Unusable(rule: reason, warn: true))
        case .map(let map):
            guard map.repository == roots else {
                return .failure(Unusable(rule: "the map was recorded in another repository", warn: true))
            }
            guard map.platform == platform else {
                return .failure(
                    Unusable(rule: "the map was recorded on \(map.platform), not \(platform)", warn: true))
            }
            guard map.toolchain == toolchain else {
                return .failure(
                    Unusable(
                        rule: "the map was recorded with another toolchain ('\(firstLine(map.toolchain))')",
                        warn: true))
            }
            guard let facts = commits.facts(of: map.commit, head: head, git: git) else {
                return .failure(
                    Unusable(
                        rule:
                            "the map's commit \(map.commit.prefix(10)) is not in this clone (fetch more history, e.g. 'git fetch --deepen=200')",
                        warn: true))
            }
            let distance = facts.distance
            guard distance <= maxDistance else {
                return .failure(
                    Unusable(
                        rule:
                            "the map is \(distance) commits from the head, more than \(maxDistance) ('--impact-max-age'): record it again",
                        warn: true))
            }
            guard let blobs = facts.blobs, map.files.allSatisfy({ blobs[$0.path] == $0.blob })
            else {
                return .failure(
                    Unusable(
                        rule: "the map's files do not match its commit \(map.commit.prefix(10)) (damaged)",
                        warn: true))
            }
            return .success(map)
        }
    }

    /// What differs between a map's commit and the head, and the suites it reaches.
    struct Comparison {
        var commit: String
        var head: String?
        var files: [String: ChangedFile]
        var selection: Selection
        var root: String
        var ownership: FileOwnership
        /// Every changed file a suite (`dir:Target`) depends on, each with whether it is a file of a
        /// test target. Complete, unlike the selection's reasons, which explain a suite with one file
        /// per changed target.
        var reaching: [String: [String: Bool]]
    }

    private func compare(
        _ commit: String, head: String?, outcome: SelectionOutcome, workspace: Workspace, git: Git
    ) throws -> Comparison {
        var files = try git.diff(base: commit, head: head)
        if head == nil {
            files += try git.workingTreeFiles().untracked.map { ChangedFile(path: $0, status: .added) }
        }
        let changes = ChangeSet(base: commit, head: head, files: files)
        var baseGraph: ResolvedGraph? = nil
        if files.contains(where: { $0.status == .deleted || $0.status == .renamed }) {
            baseGraph = try workspace.graph(
                of: RevisionSnapshot(git: git, revision: commit), config: outcome.config)
        }
        let selection = Selector(head: outcome.head, base: baseGraph, config: outcome.config).select(changes)
        var byPath: [String: ChangedFile] = [:]
        for file in files {
            byPath[file.path] = file
            if let old = file.oldPath { byPath[old] = file }
        }
        // Each changed file, from the targets owning it (at the head, or at the map's commit for a
        // file that is gone), up its dependents to every suite.
        var reaching: [String: [String: Bool]] = [:]
        let headOwnership = FileOwnership(graph: outcome.head)
        let baseOwnership = baseGraph.map { FileOwnership(graph: $0) }
        for file in files {
            var sides: [(path: String, ownership: FileOwnership)] = []
            if file.status != .deleted { sides.append((file.path, headOwnership)) }
            if let baseOwnership, file.status == .deleted || file.status == .renamed {
                sides.append((file.oldPath ?? file.path, baseOwnership))
            }
            for (path, ownership) in sides {
                let graph = ownership.graph
                let owners = ownership.locate(path).owners
                guard !owners.isEmpty else { continue }
                let reach = GraphAlgorithms.breadthFirst(from: owners, nodeCount: graph.targets.count) {
                    graph.dependents[$0]
                }
                let inTestTarget = owners.contains { graph.targets[$0].kind == .test }
                for node in graph.targets.indices where graph.targets[node].isSuite && reach.reached(node) {
                    let key =
                        graph.packages[graph.targets[node].package].directory + ":" + graph.targets[node].name
                    reaching[key, default: [:]][path] = inTestTarget && owners.contains(node)
                }
            }
        }
        return Comparison(
            commit: commit, head: head, files: byPath, selection: selection, root: workspace.root,
            ownership: headOwnership, reaching: reaching)
    }

    private func scope(
        of suite: Selection.Suite, map: ImpactMap, comparison: Comparison, git: Git
    ) -> Selection.TestScope {
        guard suite.target != "*" else { return .wholeSuite(rule: "the package's manifest cannot be read") }
        let tests = map.tests.filter {
            ModuleName.matches(module: TestInventory.module(of: $0.id), target: suite.target)
        }
        guard !tests.isEmpty else {
            return .wholeSuite(rule: "the map (\(map.commit.prefix(10))) holds no test of \(suite.target)")
        }
        let reasons =
            comparison.selection.selected.first { $0.package == suite.package && $0.target == suite.target }?
            .reasons ?? []
        // Any rule but a changed file of a target the suite depends on: the map cannot answer.
        for reason in reasons where reason.kind != .fileChanged && reason.kind != .dependencyChanged {
            return .wholeSuite(
                rule: SelectionTextFormatter.describe(reason)
                    + " (since the map's commit \(map.commit.prefix(10)))")
        }
        var changedSwift: Set<String> = []
        let reaching = comparison.reaching[suite.package + ":" + suite.target] ?? [:]
        for (path, inTestTarget) in reaching.sorted(by: { $0.key < $1.key }) {
            if let rule = fallback(for: path, inTestTarget: inTestTarget, comparison, git) {
                return .wholeSuite(rule: rule)
            }
            changedSwift.insert(path)
        }
        var selected: [Selection.ImpactedTest] = []
        var skipped: [String] = []
        for test in tests {
            guard let paths = map.paths(of: test) else {
                selected.append(Selection.ImpactedTest(id: test.id, files: [], note: test.note ?? "no map"))
                continue
            }
            let hit = paths.filter(changedSwift.contains)
            if hit.isEmpty {
                skipped.append(test.id)
            } else {
                selected.append(Selection.ImpactedTest(id: test.id, files: hit))
            }
        }
        return .tests(selected: selected, skipped: skipped, commit: map.commit)
    }

    /// The rule that makes a changed file need the whole suite, or nil when the map can answer for it.
    private func fallback(for path: String, inTestTarget: Bool, _ comparison: Comparison, _ git: Git)
        -> String?
    {
        let since = "since the map's commit \(comparison.commit.prefix(10))"
        guard let change = comparison.files[path] else { return nil }
        switch change.status {
        case .added:
            // A test file that only adds test types: its tests are new to the map and run anyway.
            if inTestTarget, path.hasSuffix(".swift"),
                let text = contents(of: path, at: comparison.head, comparison, git),
                DeclarationLines(text, isTestTarget: true)?.declaresOnlyTypesAndImports == true
            {
                return nil
            }
            return "\(path) is new \(since)"
        case .deleted:
            // A test file that only held test types: the tests that executed it are selected.
            if inTestTarget, path.hasSuffix(".swift"),
                let text = try? git.contents(of: [path], at: comparison.commit)[path],
                DeclarationLines(text, isTestTarget: true)?.declaresOnlyTypesAndImports == true
            {
                return nil
            }
            return "\(path) was deleted \(since)"
        case .renamed: return "\(change.oldPath ?? path) was renamed to \(change.path) \(since)"
        case .modified: break
        }
        guard path.hasSuffix(".swift") else { return "\(path) is not Swift source (changed \(since))" }
        let location = comparison.ownership.locate(path)
        let graph = comparison.ownership.graph
        if let owner = location.owners.first(where: { location.notBuilt[$0] != nil }) {
            return
                "\(path) is not compiled in \(graph.targets[owner].name) (\(location.notBuilt[owner] ?? "not built")): tests may read it as data"
        }
        if let owner = location.owners.first(where: { [.plugin, .macro].contains(graph.targets[$0].kind) }) {
            return
                "\(path) belongs to the \(graph.targets[owner].kind.rawValue) \(graph.targets[owner].name), which runs while building, where coverage does not see it"
        }
        guard let lines = try? git.changedLines(of: path, base: comparison.commit, head: comparison.head),
            let old = try? git.contents(of: [path], at: comparison.commit)[path],
            let new = contents(of: path, at: comparison.head, comparison, git),
            let before = DeclarationLines(old, isTestTarget: inTestTarget),
            let after = DeclarationLines(new, isTestTarget: inTestTarget)
        else { return "\(path) could not be read to tell what changed in it" }
        if let line = before.firstDeclarationLine(in: lines.removed) {
            return
                "\(path) changes code outside a function body (line \(line) at \(comparison.commit.prefix(10)))"
        }
        if let line = after.firstDeclarationLine(in: lines.added) {
            return "\(path) changes code outside a function body (line \(line))"
        }
        return nil
    }

    /// A file at the head revision, or in the working tree.
    private func contents(of path: String, at head: String?, _ comparison: Comparison, _ git: Git) -> String?
    {
        if let head { return (try? git.contents(of: [path], at: head))?[path] }
        return try? String(contentsOfFile: comparison.root + "/" + path, encoding: .utf8)
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }
}
