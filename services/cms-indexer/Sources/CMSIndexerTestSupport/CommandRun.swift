import CLIKit
import CMSIndexer
import ESModels
import Foundation

/// What a command run printed and returned.
public struct CommandRun: Sendable {
    /// The exit code.
    public var code: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errors: String

    /// Runs `cms-indexer` with `arguments` in `directory`, with in-memory streams.
    public static func run(
        _ arguments: [String], in directory: URL, clock: WallClock,
        environment: [String: String] = [:]
    ) async -> CommandRun {
        let output = TextOutput()
        let errors = TextOutput()
        let context = CommandContext(
            output: output, errors: errors, currentDirectory: directory.path, environment: environment,
            clock: clock)
        let code = await CMSIndexerCLI.run(arguments, context: context)
        return CommandRun(code: code, output: output.text, errors: errors.text)
    }
}
