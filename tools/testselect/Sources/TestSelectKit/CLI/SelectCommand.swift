/// `testselect [select]`: print the suites a change must run (the default command).
public struct SelectCommand: TestSelectCommand {
    /// Output formats.
    public enum Format: String, FormatOption {
        case text, json
        case githubMatrix = "github-matrix"
        case commands
    }

    public static let configuration = CommandConfiguration(
        name: "select",
        abstract: "Print the test suites a change must run, each with its reason.",
        discussion: """
            The selection holds every test target whose dependencies (across packages, through products,
            plugins and macros) contain a target owning a changed file. When testselect cannot be sure
            (no merge-base, an unreadable manifest, a global file) it selects more, and says why.

            EXAMPLES:
              testselect                                  # working-tree changes against origin/HEAD (or main)
              testselect --base origin/main --format json
              testselect --base HEAD~1 --head HEAD --format github-matrix
              git diff --name-status main | testselect --changed-files - --format commands
              testselect --base origin/main --format github-matrix --shards 4   # for 'testselect run --shard I/4'
            """,
        arguments: SelectionOptions.arguments + [
            .option(
                "--format", value: "format",
                help: "text (default), json, github-matrix or commands (one 'swift test' line per package)."),
            .option(
                "--shards", value: "n",
                help:
                    "With github-matrix: one entry per non-empty shard ('shard': 'I/N') for 'run --shard I/N'."
            ),
            .option(
                "--durations", value: "file",
                help: "Durations balancing the shards (default: .build/testselect/durations.json)."),
            .option(
                "--cache", value: "dir",
                help:
                    "Mark the suites that passed before with the same inputs ('cached'), as 'run --cache' skips them."
            ),
        ])

    /// Where to look and what changed.
    public var options: SelectionOptions
    /// The raw `--format` value.
    public var formatName: String
    /// The raw `--shards` value.
    public var shardsText: String?
    /// `--durations`.
    public var durationsPath: String?
    /// `--cache`.
    public var cacheDirectory: String?

    public init(arguments: ParsedArguments) throws {
        options = SelectionOptions(arguments: arguments)
        formatName = arguments.option("--format") ?? Format.text.rawValue
        shardsText = arguments.option("--shards")
        durationsPath = arguments.option("--durations")
        cacheDirectory = arguments.option("--cache")
    }

    public func validate() throws {
        try options.validate()
        // The cache fingerprints the working tree, not a revision.
        if cacheDirectory != nil, options.head != nil {
            throw UsageError.conflictingOptions("--cache", "--head")
        }
        let format = try Format.parse(formatName)
        if let shardsText {
            guard format == .githubMatrix else {
                throw UsageError.conflictingOptions("--shards", "--format \(formatName)")
            }
            guard let count = Int(shardsText), count >= 1 else {
                throw UsageError.invalidValue(
                    option: "--shards", value: shardsText, expected: "a whole number of at least 1")
            }
        }
        if durationsPath != nil, shardsText == nil {
            throw UsageError.invalidValue(
                option: "--durations", value: durationsPath ?? "", expected: "to be used with '--shards'")
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let workspace = try options.workspace(in: context)
        let outcome = try options.select(in: context, workspace: workspace)
        var selection = outcome.selection
        if let cacheDirectory {
            let session = try ResultCacheSession.open(
                directory: cacheDirectory, readOnly: true, workspace: workspace, graph: outcome.head,
                context: context)
            for index in selection.selected.indices {
                let suite = selection.selected[index]
                if let inputs = session.inputs(package: suite.package, target: suite.target) {
                    selection.selected[index].cached = session.cache.pass(for: inputs)?.run
                }
            }
        }
        switch try Format.parse(formatName) {
        case .text: context.output.write(SelectionTextFormatter.format(selection))
        case .json: context.output.write(SelectionJSONFormatter.format(selection))
        case .githubMatrix:
            guard let shardsText, let count = Int(shardsText) else {
                context.output.write(CIFormatters.githubMatrix(selection))
                break
            }
            let path = DurationStore.path(option: durationsPath, root: workspace.root, context: context)
            let durations = DurationStore.loadOrWarn(from: path, context: context)
            let plan = RunPlan(selection: selection, graph: outcome.head)
            context.output.write(CIFormatters.shardedMatrix(plan, shards: count, durations: durations))
        case .commands:
            context.output.write(CIFormatters.commands(selection))
            if selection.selected.isEmpty { context.errors.write("testselect: nothing to run\n") }
        }
        return 0
    }
}
