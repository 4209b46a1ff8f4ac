import TestSelectManifest
import TestSelectSupport

/// Decides which suites a change must run.
///
/// Every changed file is mapped to the targets owning it (deleted and renamed-from paths with the
/// base revision's graph), and every suite whose transitive dependencies reach one of those targets
/// is selected, with the shortest chain as its reason. Manifests, `Package.resolved`, global files,
/// extra inputs, unowned files, unreadable manifests and a missing merge-base are handled so that
/// the selection is never smaller than what could be affected.
public struct Selector {
    let head: ResolvedGraph
    let base: ResolvedGraph?
    let config: TestSelectConfig
    let headOwnership: FileOwnership
    let baseOwnership: FileOwnership?

    /// Prepares a selector for a head graph (and the base graph, when deletions or renames need it).
    public init(head: ResolvedGraph, base: ResolvedGraph?, config: TestSelectConfig) {
        self.head = head
        self.base = base
        self.config = config
        self.headOwnership = FileOwnership(graph: head)
        self.baseOwnership = base.map(FileOwnership.init(graph:))
    }

    enum Side: Hashable {
        case head, base
    }

    struct Seed: Hashable {
        var side: Side
        var target: Int
        var kind: Selection.ReasonKind
        var file: String
        /// Why the changed file is not built by its target, when it is not (the reason's detail).
        var notBuilt: String? = nil
        /// A suite of a package that only declares a dependency on a changed package: it is selected
        /// directly, unless a target chain already explains it.
        var packageLevel = false
    }

    /// Computes the selection for a change set.
    public func select(_ changes: ChangeSet) -> Selection {
        var state = SelectionState()
        state.warnings = head.warnings + configurationWarnings()
        if let reason = changes.missingMergeBase {
            state.runAll(reason: reason, Selection.Reason(kind: .noMergeBase))
        }
        for file in changes.files {
            if file.status != .deleted { classify(file.path, side: .head, into: &state) }
            if file.status == .deleted {
                classify(file.path, side: base == nil ? .head : .base, into: &state)
            }
            if file.status == .renamed, let old = file.oldPath {
                classify(old, side: base == nil ? .head : .base, into: &state)
            }
        }
        propagate(&state)
        for package in head.packages.indices {
            let loaded = head.packages[package].loaded
            let manifest = RepoPath.join(loaded.directory, loaded.manifestFile)
            for note in loaded.notes {
                state.warnings.append(
                    Diagnostic(
                        .note, "'\(loaded.directory)': \(note)", package: loaded.directory, file: manifest))
            }
            if case .swiftPM(let why) = loaded.reading {
                state.warnings.append(
                    .warning(
                        "read '\(loaded.directory)' with 'swift package dump-package' (slow): the static reader met \(why)",
                        package: loaded.directory, file: manifest))
            }
            guard case .unreadable(let why) = loaded.reading else { continue }
            state.warnings.append(
                .warning(
                    "cannot read the manifest of '\(loaded.directory)' (\(why)); all its tests run on every change",
                    package: loaded.directory, file: manifest))
            guard state.hasRelevantChange else { continue }
            for suite in head.packages[package].targets where head.targets[suite].isSuite {
                state.add(
                    Selection.Reason(
                        kind: .manifestUnreadable, file: RepoPath.join(loaded.directory, loaded.manifestFile),
                        detail: why), to: suite)
            }
        }
        for reference in config.alwaysRun {
            if let suite = Selector.target(reference, in: head), head.targets[suite].isSuite {
                state.add(Selection.Reason(kind: .alwaysRun), to: suite)
            }
        }
        if state.runAll {
            for suite in head.suites {
                for reason in state.runAllSuiteReasons { state.add(reason, to: suite) }
            }
        }
        return state.selection(graph: head, changes: changes)
    }

    /// Classifies one path of one side into seeds, unowned files and run-all reasons.
    ///
    /// What a target owns always counts, whatever `ignore` says: a file in a target's directory, a
    /// declared resource, a file under a package's `Tests/`, a manifest. Only documentation that
    /// SwiftPM never builds nor bundles (`documentation`, DocC catalogs by default) selects nothing
    /// there. `ignore` applies to files that nothing owns.
    func classify(_ path: String, side: Side, into state: inout SelectionState) {
        if config.isGlobal(path) {
            state.hasRelevantChange = true
            state.runAll(
                reason: "global file '\(path)' changed", Selection.Reason(kind: .globalFile, file: path))
            return
        }
        let graph = side == .head ? head : (base ?? head)
        let ownership = side == .head ? headOwnership : (baseOwnership ?? headOwnership)
        let location = ownership.locate(path)
        let owned = !location.owners.isEmpty || !location.testsTrees.isEmpty
        if owned, !location.isManifest, !location.isResolvedFile, config.isDocumentation(path),
            !ownership.isDeclaredResource(path, of: location.owners)
        {
            if !state.documentationFiles.contains(path) { state.documentationFiles.append(path) }
            return
        }
        let extraTargets = config.extraInputTargets(of: path)
        if !owned, !location.isManifest, !location.isResolvedFile, extraTargets.isEmpty,
            config.isIgnored(path)
        {
            return
        }
        state.hasRelevantChange = true
        var claimed = false
        for reference in extraTargets {
            if let target = Selector.target(reference, in: graph) {
                state.seeds.append(Seed(side: side, target: target, kind: .extraInput, file: path))
                claimed = true
            }
        }
        if let package = location.package, location.isManifest || location.isResolvedFile {
            let kind: Selection.ReasonKind = location.isManifest ? .manifestChanged : .resolvedChanged
            for target in graph.packages[package].targets {
                state.seeds.append(Seed(side: side, target: target, kind: kind, file: path))
            }
            for dependent in packageDependents(of: package, in: graph) {
                for target in graph.packages[dependent].targets where graph.targets[target].isSuite {
                    state.seeds.append(
                        Seed(side: side, target: target, kind: kind, file: path, packageLevel: true))
                }
            }
            return
        }
        for owner in location.owners {
            state.seeds.append(
                Seed(
                    side: side, target: owner, kind: .fileChanged, file: path,
                    notBuilt: location.notBuilt[owner]))
        }
        for package in location.testsTrees {
            for target in graph.packages[package].targets where graph.targets[target].isSuite {
                state.seeds.append(Seed(side: side, target: target, kind: .unownedFile, file: path))
            }
        }
        guard location.owners.isEmpty, !claimed else { return }
        if !state.unownedFiles.contains(path) { state.unownedFiles.append(path) }
        switch config.unowned {
        case .testsTree:
            break
        case .package:
            if let package = location.package, !location.testsTrees.contains(package) {
                for target in graph.packages[package].targets where graph.targets[target].isSuite {
                    state.seeds.append(Seed(side: side, target: target, kind: .unownedFile, file: path))
                }
            }
        case .all:
            state.runAll(
                reason: "unowned file '\(path)' changed and 'unowned' is 'all'",
                Selection.Reason(kind: .unownedFile, file: path))
        }
    }

    /// The target a configuration entry names; for an unreadable package, the node standing for all of it.
    static func target(_ reference: SuiteReference, in graph: ResolvedGraph) -> Int? {
        if let target = graph.target(directory: reference.directory, name: reference.target) { return target }
        guard let package = graph.package(at: reference.directory),
            graph.packages[package].loaded.isUnreadable
        else {
            return nil
        }
        return graph.target(named: "*", inPackage: package)
    }

    /// Packages that declare a path dependency on `package`, transitively.
    func packageDependents(of package: Int, in graph: ResolvedGraph) -> [Int] {
        let reach = GraphAlgorithms.breadthFirst(from: [package], nodeCount: graph.packages.count) {
            graph.packageDependents[$0]
        }
        return graph.packages.indices.filter { $0 != package && reach.reached($0) }
    }

    /// Follows reverse edges from the seeds, one search per side and kind, and records reasons on suites.
    func propagate(_ state: inout SelectionState) {
        var groups: [Side: [Selection.ReasonKind: [Seed]]] = [:]
        for seed in state.seeds { groups[seed.side, default: [:]][seed.kind, default: []].append(seed) }
        for side in [Side.head, .base] {
            guard let byKind = groups[side] else { continue }
            let graph = side == .head ? head : (base ?? head)
            for kind in Selection.ReasonKind.allCases {
                guard let all = byKind[kind] else { continue }
                let seeds = all.filter { !$0.packageLevel }
                var fileOf: [Int: String] = [:]
                var notBuiltOf: [Int: String] = [:]
                for seed in seeds where fileOf[seed.target] == nil {
                    fileOf[seed.target] = seed.file
                    notBuiltOf[seed.target] = seed.notBuilt
                }
                let reach = GraphAlgorithms.breadthFirst(
                    from: seeds.map(\.target), nodeCount: graph.targets.count
                ) { graph.dependents[$0] }
                for node in graph.targets.indices where graph.targets[node].isSuite && reach.reached(node) {
                    guard let source = reach.source[node],
                        let suite = side == .head
                            ? node
                            : head.target(
                                directory: graph.packages[graph.targets[node].package].directory,
                                name: graph.targets[node].name),
                        head.targets[suite].isSuite
                    else { continue }
                    var reasonKind = kind
                    if kind == .fileChanged, node != source { reasonKind = .dependencyChanged }
                    let via = GraphAlgorithms.pathToSource(node, in: reach).map { graph.targets[$0].name }
                    state.add(
                        Selection.Reason(
                            kind: reasonKind, file: fileOf[source], via: via, detail: notBuiltOf[source]),
                        to: suite)
                }
                for seed in all where seed.packageLevel && !reach.reached(seed.target) {
                    let target = graph.targets[seed.target]
                    let directory = graph.packages[target.package].directory
                    let suite =
                        side == .head ? seed.target : head.target(directory: directory, name: target.name)
                    if let suite { state.add(Selection.Reason(kind: kind, file: seed.file), to: suite) }
                }
            }
        }
    }

    /// Warnings for configuration that names packages or targets the repository does not have.
    func configurationWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        func check(_ reference: SuiteReference, key: String, mustBeSuite: Bool) {
            guard let package = head.package(at: reference.directory) else {
                warnings.append(
                    .warning(
                        "'\(TestSelectConfig.fileName)': '\(key)' names '\(reference)', but there is no package in "
                            + "'\(reference.directory)' (yet); it is ignored", file: TestSelectConfig.fileName
                    ))
                return
            }
            guard let target = head.target(named: reference.target, inPackage: package) else {
                if head.packages[package].loaded.isUnreadable { return }
                let names = head.packages[package].targets.map { head.targets[$0].name }
                let hint =
                    NearMatch.closest(to: reference.target, among: names).map { "; did you mean '\($0)'?" }
                    ?? ""
                warnings.append(
                    .warning(
                        "'\(TestSelectConfig.fileName)': '\(key)' names '\(reference)', but '\(reference.directory)' "
                            + "has no target '\(reference.target)'\(hint)", package: reference.directory,
                        file: TestSelectConfig.fileName))
                return
            }
            if mustBeSuite, !head.targets[target].isSuite {
                warnings.append(
                    .warning(
                        "'\(TestSelectConfig.fileName)': '\(key)' names '\(reference)', which is not a test target",
                        package: reference.directory, file: TestSelectConfig.fileName))
            }
        }
        for entry in config.extraInputs { check(entry.target, key: "extraInputs", mustBeSuite: false) }
        for reference in config.alwaysRun { check(reference, key: "alwaysRun", mustBeSuite: true) }
        return warnings
    }
}

/// The selection being built.
struct SelectionState {
    var seeds: [Selector.Seed] = []
    var reasons: [Int: [Selection.Reason]] = [:]
    var runAll = false
    var runAllReasons: [String] = []
    var runAllSuiteReasons: [Selection.Reason] = []
    var unownedFiles: [String] = []
    var documentationFiles: [String] = []
    var warnings: [Diagnostic] = []
    var hasRelevantChange = false

    mutating func runAll(reason: String, _ suiteReason: Selection.Reason) {
        runAll = true
        if !runAllReasons.contains(reason) { runAllReasons.append(reason) }
        if !runAllSuiteReasons.contains(suiteReason) { runAllSuiteReasons.append(suiteReason) }
    }

    mutating func add(_ reason: Selection.Reason, to suite: Int) {
        var list = reasons[suite] ?? []
        if list.contains(where: { $0.kind == reason.kind && $0.file == reason.file && $0.via == reason.via })
        {
            return
        }
        list.append(reason)
        reasons[suite] = list
    }

    func selection(graph: ResolvedGraph, changes: ChangeSet) -> Selection {
        let order = Dictionary(
            uniqueKeysWithValues: Selection.ReasonKind.allCases.enumerated().map { ($1, $0) })
        var selected: [Selection.Suite] = []
        var skipped: [Selection.TargetReference] = []
        for suite in graph.suites {
            let package = graph.packages[graph.targets[suite].package].directory
            let name = graph.targets[suite].name
            if let list = reasons[suite], !list.isEmpty {
                let sorted = list.enumerated().sorted { a, b in
                    (order[a.element.kind] ?? 0, a.offset) < (order[b.element.kind] ?? 0, b.offset)
                }.map(\.element)
                selected.append(Selection.Suite(package: package, target: name, reasons: sorted))
            } else {
                skipped.append(Selection.TargetReference(package: package, target: name))
            }
        }
        selected.sort { ($0.package, $0.target) < ($1.package, $1.target) }
        skipped.sort { ($0.package, $0.target) < ($1.package, $1.target) }
        var changed: [Selection.TargetReference] = []
        var seen: Set<Int> = []
        for seed in seeds
        where seed.side == .head && seed.kind == .fileChanged && seen.insert(seed.target).inserted {
            let target = graph.targets[seed.target]
            changed.append(
                Selection.TargetReference(
                    package: graph.packages[target.package].directory, target: target.name))
        }
        changed.sort { ($0.package, $0.target) < ($1.package, $1.target) }
        return Selection(
            base: changes.base, head: changes.head, changedFiles: changes.files, runAll: runAll,
            runAllReasons: runAllReasons, unownedFiles: unownedFiles.sorted(),
            documentationFiles: documentationFiles.sorted(), selected: selected,
            skipped: skipped,
            changedTargets: changed, warnings: warnings)
    }
}
