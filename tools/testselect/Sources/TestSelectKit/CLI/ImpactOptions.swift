import Foundation

/// `--impact DIR` and `--impact-max-age N`: narrow the selected suites to the tests an impact map
/// says a change can reach (`select`, `run`, `explain`).
public struct ImpactOptions: ArgumentGroup {
    /// The impact map's directory.
    @Option(
        "--impact", value: "dir",
        help:
            "Inside each selected suite, only the tests an impact map ('testselect impact record') says executed a changed file."
    )
    public var directory: String?
    /// How many commits from the head a map may be and still answer.
    @Option(
        "--impact-max-age", value: "commits", in: 0...,
        help:
            "With --impact: a map further than this many commits from the head is stale (default: \(ImpactSelector.defaultMaxDistance))."
    )
    public var maxAge: Int?

    public init() {}

    /// Checks values.
    public func validate() throws(UsageError) {
        if let directory, directory.isEmpty {
            throw .invalidValue(option: "--impact", value: directory, expected: "a non-empty path")
        }
        if maxAge != nil, directory == nil { throw .needsOption("--impact-max-age", needs: "--impact DIR") }
    }

    /// The outcome with each selected suite's test scope, when `--impact` is given; prints warnings.
    public func apply(
        to outcome: SelectionOutcome, workspace: Workspace, head: String?, context: CommandContext
    ) throws -> SelectionOutcome {
        guard let directory else { return outcome }
        let selector = ImpactSelector(
            directory: Workspace.absolute(directory, from: context.currentDirectory),
            maxDistance: maxAge ?? ImpactSelector.defaultMaxDistance,
            toolchain: context.swiftVersion(), platform: ResultCacheSession.platform)
        let (selection, warnings) = try selector.apply(to: outcome, workspace: workspace, head: head)
        for warning in warnings { context.warn(warning) }
        var narrowed = outcome
        narrowed.selection = selection
        return narrowed
    }
}
