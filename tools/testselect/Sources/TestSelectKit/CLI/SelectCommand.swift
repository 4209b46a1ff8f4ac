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
            """,
        arguments: SelectionOptions.arguments + [
            .option(
                "--format", value: "format",
                help: "text (default), json, github-matrix or commands (one 'swift test' line per package).")
        ])

    /// Where to look and what changed.
    public var options: SelectionOptions
    /// The raw `--format` value.
    public var formatName: String

    public init(arguments: ParsedArguments) throws {
        options = SelectionOptions(arguments: arguments)
        formatName = arguments.option("--format") ?? Format.text.rawValue
    }

    public func validate() throws {
        try options.validate()
        _ = try Format.parse(formatName)
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let selection = try options.select(in: context).selection
        switch try Format.parse(formatName) {
        case .text: context.output.write(SelectionTextFormatter.format(selection))
        case .json: context.output.write(SelectionJSONFormatter.format(selection))
        case .githubMatrix: context.output.write(CIFormatters.githubMatrix(selection))
        case .commands:
            context.output.write(CIFormatters.commands(selection))
            if selection.selected.isEmpty { context.errors.write("testselect: nothing to run\n") }
        }
        return 0
    }
}
