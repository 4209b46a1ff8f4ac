import TestSelectManifest

/// A selection with the graphs it was computed on (for `explain` and diagrams).
public struct SelectionOutcome: Sendable {
    /// The selection.
    public var selection: Selection
    /// The graph of the head state.
    public var head: ResolvedGraph
    /// The graph of the base commit, when deletions or renames needed it.
    public var base: ResolvedGraph?
    /// What changed.
    public var changes: ChangeSet
    /// The head state's `.testselect.json`.
    public var config: TestSelectConfig = .defaults
}

extension Workspace {
    /// Selects the suites a change must run.
    ///
    /// - Parameters:
    ///   - base: the base revision (`--base`), default `origin/HEAD`, `origin/main`, `main`, `master`.
    ///   - head: the head revision (`--head`), or nil for the working tree.
    ///   - listed: changed files given explicitly (`--changed-files`).
    public func select(base: String?, head: String?, listed: [ChangedFile]?) throws -> SelectionOutcome {
        let headSnapshot = try headSnapshot(revision: head)
        let config = try config(of: headSnapshot)
        let changes = try ChangeDetector(workspace: self).changes(
            base: base, head: head, listed: listed, headSnapshot: headSnapshot)
        let headGraph = try graph(of: headSnapshot, config: config, requirePackages: true)
        var baseGraph: ResolvedGraph? = nil
        let needsBase = changes.files.contains { $0.status == .deleted || $0.status == .renamed }
        if needsBase, let git, let baseSHA = changes.base, changes.missingMergeBase == nil {
            baseGraph = try graph(of: RevisionSnapshot(git: git, revision: baseSHA), config: config)
        }
        let selection = Selector(head: headGraph, base: baseGraph, config: config).select(changes)
        return SelectionOutcome(
            selection: selection, head: headGraph, base: baseGraph, changes: changes, config: config)
    }
}
