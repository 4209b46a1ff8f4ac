import Foundation
import TestSelectSupport

/// Where a command writes: standard output or error of the process, or a buffer in tests.
public final class OutputStream: @unchecked Sendable {
    private let handle: FileHandle?
    private var buffer = ""
    private let lock = NSLock()

    /// A stream writing to a file handle.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// A stream collecting text in memory (read it with `text`).
    public init() {
        self.handle = nil
    }

    /// Writes text as is.
    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if let handle {
            handle.write(Data(text.utf8))
        } else {
            buffer += text
        }
    }

    /// Whether the stream is a terminal (live displays and colour are used only then).
    public var isTerminal: Bool {
        guard let handle else { return false }
        return isatty(handle.fileDescriptor) == 1
    }

    /// The text collected so far (in-memory streams only).
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}

/// Everything a command may touch: streams, the current directory, the environment, processes.
public struct CommandContext: Sendable {
    /// Results go here.
    public var output: OutputStream
    /// Diagnostics go here.
    public var errors: OutputStream
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// Environment variables (`TESTSELECT_SWIFT` chooses the `swift` used for `dump-package`).
    public var environment: [String: String]
    /// Reads all of standard input (for `--changed-files -`).
    public var readStandardInput: @Sendable () -> String
    /// Runs git and swift.
    public var runner: any ProcessRunning
    /// The time now (the executable passes the real clock; tests a fixed one).
    public var now: @Sendable () -> Date
    /// Times heartbeats, `--timeout` and run durations (the executable passes `.continuous`; tests
    /// a manual clock).
    public var clock: MonotonicClock

    /// Creates a context.
    public init(
        output: OutputStream, errors: OutputStream, currentDirectory: String, environment: [String: String],
        readStandardInput: @escaping @Sendable () -> String, now: @escaping @Sendable () -> Date,
        clock: MonotonicClock, runner: any ProcessRunning = SystemProcessRunner()
    ) {
        self.output = output
        self.errors = errors
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.readStandardInput = readStandardInput
        self.now = now
        self.clock = clock
        self.runner = runner
    }

    /// The context of this process: real standard streams, working directory and environment.
    public static func process() -> CommandContext {
        CommandContext(
            output: OutputStream(handle: .standardOutput), errors: OutputStream(handle: .standardError),
            currentDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: {
                String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            }, now: { Date() }, clock: .continuous)
    }

    /// Writes a warning to the error stream.
    public func warn(_ message: String) {
        errors.write("testselect: warning: \(NameSafety.visible(message))\n")
    }

    /// The `swift` executable commands run: `TESTSELECT_SWIFT`, else `swift` on `PATH`.
    public var swift: String { environment["TESTSELECT_SWIFT"] ?? "swift" }

    /// `swift --version` of that executable, trimmed (`unknown` when it cannot run): the toolchain
    /// the result cache and the build cache key their entries by.
    public func swiftVersion() -> String {
        (try? runner.run(swift, ["--version"], in: nil))
            .map { $0.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown"
    }
}
