import CLIKit
import CMSIndexer
import CMSIndexerCommand
import ESModels
import Foundation
import TimeKit
import TimeKitTesting

/// What a command run printed and returned.
public struct CommandRun: Sendable {
    /// The exit code.
    public var code: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errors: String

    /// Runs `cms-indexer` with `arguments` in `directory`, with in-memory streams.
    ///
    /// - Parameter time: elapsed time (lease waits and renewals); by default a manual clock that
    ///   nothing advances, so no wait ends and no renewal happens because the machine is slow.
    public static func run(
        _ arguments: [String], in directory: URL, clock: WallClock,
        time: MonotonicClock = ManualClock().clock, environment: [String: String] = [:]
    ) async -> CommandRun {
        let output = TextOutput()
        let errors = TextOutput()
        let context = CommandContext(
            output: output, errors: errors, currentDirectory: directory.path, environment: environment,
            clock: clock, time: time)
        let code = await CMSIndexerCLI.run(arguments, context: context)
        return CommandRun(code: code, output: output.text, errors: errors.text)
    }
}
