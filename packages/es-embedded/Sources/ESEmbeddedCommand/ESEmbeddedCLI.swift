import CLIKit
import ESEmbeddedServer

/// The `es-embedded` command: `serve`, and the operator tools `check` and `repair` (and `--help`).
///
/// Results go to standard output, diagnostics to standard error; exit status 0 on success, 1
/// on failure, 64 for bad usage.
public enum ESEmbeddedCLI {
    /// The command tree.
    public static let tool = CommandLineTool(
        CommandGroup<ESEmbeddedContext>(
            name: "es-embedded",
            abstract:
                "An embedded search engine with Elasticsearch's semantics for tests and local development.",
            subcommands: [
                .command(ServeCommand.self), .command(CheckCommand.self), .command(RepairCommand.self),
            ]))

    /// Runs the command with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], context: ESEmbeddedContext) async -> Int32 {
        await tool.run(arguments, context: context)
    }
}
