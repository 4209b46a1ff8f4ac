import Foundation

/// `--impact DIR` and `--impact-max-age N`: narrow the selected suites to the tests an impact map
/// says a change can reach (`select`, `run`, `explain`).
public struct ImpactOptions: Sendable {
    /// `--impact`.
    public var directory: String?
    /// The raw `--impact-max-age` value.
    public var maxAgeText: String?

    /// The argument definitions.
    public static let arguments: [ArgumentDefinition] = [
        .option(
            "--impact", value: "dir",
            help:
                "Inside each selected suite, only the tests an impact map ('testselect impact record') says executed a changed file."
        ),
        .option(
            "--impact-max-age", value: "commits",
            help:
                "With --impact: a map further than this many commits from the head is stale (default: \(ImpactSelector.defaultMaxDistance))."
        ),
    ]

    /// Reads the options.
    public init(arguments: ParsedArguments) {
        directory = arguments.option("--impact")
        maxAgeText = arguments.option("--impact-max-age")
    }

    /// Checks values.
    public func validate() throws(UsageError) {
        if let directory, directory.isEmpty {
            throw .invalidValue(option: "--impact", value: directory, expected: "a non-empty path")
        }
        if let maxAgeText {
            guard directory != nil else { throw .needsOption("--impact-max-age", needs: "--impact DIR") }
            guard let value = Int(maxAgeText), value >= 0 else {
                throw .invalidValue(
                    option: "--impact-max-age", value: maxAgeText,
                    expected: "a whole number of commits, 0 or more")
            }
        }
    }

    /// The outcome with each selected suite's test scope, when `--impact` is given; prints warnings.
    public func apply(
        to outcome: SelectionOutcome, workspace: Workspace, head: String?, context: CommandContext
    ) throws -> SelectionOutcome {
        guard let directory else { return outcome }
        let selector = ImpactSelector(
            directory: Workspace.absolute(directory, from: context.currentDirectory),
            maxDistance: maxAgeText.flatMap { Int($0) } ?? ImpactSelector.defaultMaxDistance,
            toolchain: context.swiftVersion(), platform: ResultCacheSession.platform)
        let (selection, warnings) = try selector.apply(to: outcome, workspace: workspace, head: head)
        for warning in warnings { context.warn(warning) }
        var narrowed = outcome
        narrowed.selection = selection
        return narrowed
    }
}
