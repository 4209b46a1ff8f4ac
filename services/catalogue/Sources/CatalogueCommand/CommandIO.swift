import Foundation

/// Where a command writes and what it knows of its process: injected so that tests run
/// commands in-process and read what they print.
public struct CommandIO: Sendable {
    /// Writes results (stdout).
    public var output: @Sendable (String) -> Void
    /// Writes diagnostics (stderr).
    public var errors: @Sendable (String) -> Void
    /// The environment variables.
    public var environment: [String: String]
    /// The directory relative paths are resolved against.
    public var workingDirectory: URL

    /// Creates the I/O of a command.
    public init(
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void,
        environment: [String: String], workingDirectory: URL
    ) {
        self.output = output
        self.errors = errors
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The real process: stdout, stderr, its environment and working directory.
    public static func process() -> CommandIO {
        CommandIO(
            output: { FileHandle.standardOutput.write(Data($0.utf8)) },
            errors: { FileHandle.standardError.write(Data($0.utf8)) },
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    }
}
