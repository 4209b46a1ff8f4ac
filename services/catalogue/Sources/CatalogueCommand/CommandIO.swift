import CLIKit
import ESModels
import Foundation

/// Where a command writes and what it knows of its process: injected so that tests run
/// commands in-process and read what they print.
public struct CommandIO: CommandStreams {
    /// Results (stdout).
    public var output: TextOutput
    /// Diagnostics (stderr).
    public var errors: TextOutput
    /// The environment variables.
    public var environment: [String: String]
    /// The directory relative paths are resolved against.
    public var workingDirectory: URL
    /// Where "now" comes from for the API (license windows, schedules).
    public var clock: WallClock

    /// Creates the I/O of a command.
    public init(
        output: TextOutput, errors: TextOutput, environment: [String: String], workingDirectory: URL,
        clock: WallClock
    ) {
        self.output = output
        self.errors = errors
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.clock = clock
    }

    /// The real process: stdout, stderr, its environment, working directory and the system clock.
    public static func process() -> CommandIO {
        CommandIO(
            output: .standardOutput, errors: .standardError, environment: ProcessInfo.processInfo.environment,
            workingDirectory: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            clock: .system)
    }
}
