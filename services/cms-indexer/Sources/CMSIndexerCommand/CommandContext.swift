import CLIKit
import CMSIndexer
import ESModels
import Foundation
import TimeKit

/// Everything a command may touch: its streams, the working directory, the environment and
/// the clocks. Tests build one with in-memory streams, a frozen wall clock and a manual clock.
public struct CommandContext: CommandStreams {
    /// Results go here (stdout).
    public var output: TextOutput
    /// Diagnostics and progress go here (stderr).
    public var errors: TextOutput
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// Environment variables (`ELASTICSEARCH_USERNAME`... for `--es`).
    public var environment: [String: String]
    /// Where "now" comes from (index version names, demo data anchor).
    public var clock: WallClock
    /// Elapsed time: waiting for and renewing the store's lease, `watch`'s poll interval and
    /// retry pauses.
    public var time: MonotonicClock

    /// Creates a context.
    public init(
        output: TextOutput, errors: TextOutput, currentDirectory: String,
        environment: [String: String] = [:], clock: WallClock, time: MonotonicClock
    ) {
        self.output = output
        self.errors = errors
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.clock = clock
        self.time = time
    }

    /// The context of this process: real standard streams, working directory, environment, clocks.
    public static func process() -> CommandContext {
        CommandContext(
            output: .standardOutput, errors: .standardError,
            currentDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment, clock: .system,
            time: .continuous)
    }

    /// A path given on the command line, resolved against the working directory.
    public func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            .standardizedFileURL
    }

    /// Writes a diagnostic line to stderr.
    public func note(_ message: String) {
        errors.write("cms-indexer: \(message)\n")
    }
}
