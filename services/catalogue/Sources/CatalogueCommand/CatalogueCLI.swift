import CLIKit

/// The `catalogue` command line: `catalogue serve [options]`, `--help` everywhere; errors go
/// to stderr as `catalogue: error: message` with exit code 64 (bad usage) or 1 (failure).
///
/// ```swift
/// let code = await CatalogueCLI.run(["serve", "--es", "http://127.0.0.1:9200"], io: .process())
/// ```
public enum CatalogueCLI {
    /// The command tree.
    public static let tool = CommandLineTool(
        CommandGroup<CommandIO>(
            name: "catalogue", abstract: "The Catalogue API over the search indices.",
            subcommands: [.command(ServeCommand.self)]))

    /// Runs a command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
        await tool.run(arguments, context: io)
    }
}
