import Foundation

/// The outcome of a finished child process.
public struct ProcessOutput: Sendable {
    /// The exit status (or 128 + signal number when it was killed).
    public var status: Int32
    /// Everything the process wrote to standard output.
    public var stdout: Data
    /// Everything the process wrote to standard error, decoded as UTF-8.
    public var stderr: String

    /// Standard output decoded as UTF-8.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs child processes. The one seam between TestSelectKit and the programs it drives (git, swift).
public protocol ProcessRunning: Sendable {
    /// Runs `command` (looked up on `PATH` when it has no `/`) and waits for it to finish.
    ///
    /// - Parameters:
    ///   - command: the program, e.g. `git`.
    ///   - arguments: its arguments.
    ///   - directory: the working directory, or nil for the current one.
    ///   - input: bytes written to its standard input, then closed.
    /// - Throws: `ProcessRunnerError` when the program cannot be started.
    func run(_ command: String, _ arguments: [String], in directory: String?, input: Data?) throws
        -> ProcessOutput
}

extension ProcessRunning {
    /// Runs a command without standard input.
    public func run(_ command: String, _ arguments: [String], in directory: String?) throws -> ProcessOutput {
        try run(command, arguments, in: directory, input: nil)
    }
}

/// Errors starting a child process.
public enum ProcessRunnerError: Error, CustomStringConvertible, Equatable {
    /// The program could not be launched at all.
    case cannotLaunch(command: String, reason: String)

    public var description: String {
        switch self {
        case .cannotLaunch(let command, let reason):
            return "cannot run '\(command)': \(reason); check that it is installed and on PATH"
        }
    }
}

/// Runs real processes with Foundation's `Process`.
public struct SystemProcessRunner: ProcessRunning {
    /// Creates a runner.
    public init() {}

    public func run(_ command: String, _ arguments: [String], in directory: String?, input: Data?) throws
        -> ProcessOutput
    {
        let process = Process()
        if command.contains("/") {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = arguments
        } else {
            guard let path = SystemProcessRunner.lookUp(command) else {
                throw ProcessRunnerError.cannotLaunch(command: command, reason: "not found on PATH")
            }
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        let stdinPipe = Pipe()
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = input == nil ? FileHandle.nullDevice : stdinPipe
        do {
            try process.run()
        } catch {
            throw ProcessRunnerError.cannotLaunch(command: command, reason: "\(error.localizedDescription)")
        }
        let group = DispatchGroup()
        let stderrBox = DataBox()
        DispatchQueue.global().async(group: group) {
            stderrBox.data = stderrPipe.fileHandleForReading.readDataToEndOfFile()
        }
        if let input {
            DispatchQueue.global().async(group: group) {
                stdinPipe.fileHandleForWriting.write(input)
                try? stdinPipe.fileHandleForWriting.close()
            }
        }
        let stdout = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessOutput(
            status: status, stdout: stdout, stderr: String(decoding: stderrBox.data, as: UTF8.self))
    }

    /// Finds an executable on `PATH`.
    static func lookUp(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Holds bytes written by one background reader and read after it finished (a `DispatchGroup` orders them).
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
