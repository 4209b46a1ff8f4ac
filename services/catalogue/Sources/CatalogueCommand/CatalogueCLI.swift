/// The `catalogue` command line: `catalogue serve [options]`, `--help` everywhere; errors go
/// to stderr as `catalogue: error: message` with exit code 64 (bad usage) or 1 (failure).
///
/// ```swift
/// let code = await CatalogueCLI.run(["serve", "--es", "http://127.0.0.1:9200"], io: .process())
/// ```
public enum CatalogueCLI {
    /// The top-level help.
    static let help = """
        catalogue: the Catalogue API over the search indices.

        usage: catalogue <subcommand> [options]

        subcommands:
          serve    Serves the Catalogue API over HTTP until SIGINT or SIGTERM.

        See 'catalogue serve --help' for its options.

        """

    /// Runs a command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
        do {
            guard let first = arguments.first else { throw UsageError.missingSubcommand }
            switch first {
            case "-h", "--help", "help":
                io.output(help)
                return 0
            case "serve":
                let rest = Array(arguments.dropFirst())
                if rest.contains("--help") || rest.contains("-h") {
                    io.output(ServeCommand.help)
                    return 0
                }
                let options = try ServeOptions(
                    arguments: rest, environment: io.environment, workingDirectory: io.workingDirectory)
                return try await ServeCommand.run(options, io: io)
            default:
                throw UsageError.unknownSubcommand(
                    first, suggestion: ServeOptions.closest(to: first, in: ["serve"]))
            }
        } catch let error as UsageError {
            io.errors("catalogue: error: \(error)\n")
            return 64
        } catch {
            io.errors("catalogue: error: \(error)\n")
            return 1
        }
    }
}
