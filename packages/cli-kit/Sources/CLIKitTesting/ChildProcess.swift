import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A built executable running as a child of the test, its standard output and error collected
/// as it prints them. Waiting for a line has a real deadline: it returns or throws on time even
/// when the child prints nothing, and the child is killed when the value goes away.
///
/// ```swift
/// let server = try ChildProcess(BuiltProducts.executable("catalogue"), ["serve", "--port", "0"])
/// let line = try await server.line(containing: "listening on ", timeout: .seconds(30))
/// server.signal(SIGTERM)
/// #expect(try await server.exit(timeout: .seconds(10)) == .exited(0))
/// ```
public final class ChildProcess: Sendable {
    /// How a process ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// Which stream to read.
    public enum Stream: Sendable {
        case standardOutput
        case standardError
    }

    private let process: Process
    private let streams = CollectedStreams()

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's environment (default: this process's).
    ///   - workingDirectory: where it runs (default: this process's).
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        self.process = process
        try Self.start(process)
        streams.read(output.fileHandleForReading, as: .standardOutput)
        streams.read(errors.fileHandleForReading, as: .standardError)
    }

    /// Runs `executable` to its end and returns how it ended and what it printed.
    ///
    /// - Throws: ``ChildProcessError/timedOut(waitingFor:seconds:output:errors:)`` (after killing
    ///   it) when it runs longer than `timeout`.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil, timeout: Duration = .seconds(60)
    ) async throws -> (termination: Termination, output: String, errors: String) {
        let child = try ChildProcess(
            executable, arguments, environment: environment, workingDirectory: workingDirectory)
        let termination = try await child.exit(timeout: timeout)
        return (termination, child.output, child.errors)
    }

    /// Everything printed on standard output so far.
    public var output: String { streams.text(of: .standardOutput) }

    /// Everything printed on standard error so far.
    public var errors: String { streams.text(of: .standardError) }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether it is still running.
    public var isRunning: Bool { process.isRunning }

    /// Waits for a whole line (ended by a newline) of `stream` for which `matches` holds, and
    /// returns it without its newline.
    ///
    /// - Throws: ``ChildProcessError/timedOut(waitingFor:seconds:output:errors:)`` at the
    ///   deadline, ``ChildProcessError/exited(status:waitingFor:output:errors:)`` when the child
    ///   ended first.
    public func line(
        in stream: Stream = .standardOutput, timeout: Duration, description: String = "matching",
        where matches: @Sendable (Substring) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let closed = streams.isClosed
            if let line = Self.completeLines(of: streams.text(of: stream)).first(where: matches) {
                return String(line)
            }
            if closed && !process.isRunning {
                throw ChildProcessError.exited(
                    status: process.terminationStatus, waitingFor: description, output: output,
                    errors: errors)
            }
            guard ContinuousClock.now < deadline else {
                let seconds =
                    Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw ChildProcessError.timedOut(
                    waitingFor: description, seconds: seconds, output: output, errors: errors)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits for a whole line of `stream` containing `text`.
    public func line(
        containing text: String, in stream: Stream = .standardOutput, timeout: Duration
    ) async throws -> String {
        try await line(in: stream, timeout: timeout, description: "containing '\(text)'") {
            $0.contains(text)
        }
    }

    /// Sends a signal (SIGTERM, SIGINT, SIGKILL...).
    public func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the child to end and its streams to close.
    ///
    /// - Throws: ``ChildProcessError/timedOut(waitingFor:seconds:output:errors:)`` (after
    ///   killing it) when it is still running at the deadline.
    public func exit(timeout: Duration) async throws -> Termination {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                let seconds =
                    Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw ChildProcessError.timedOut(
                    waitingFor: "(the process's end)", seconds: seconds, output: output, errors: errors)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        // What it printed last is read to the end of its pipes (a descendant that keeps them
        // open is given a moment, not the whole deadline).
        let drained = min(deadline, ContinuousClock.now + .seconds(2))
        while !streams.isClosed && ContinuousClock.now < drained {
            try await Task.sleep(for: .milliseconds(5))
        }
        return termination
    }

    /// How it ended (only meaningful once it has).
    private var termination: Termination {
        process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Starts `process` from a thread of its own with no signal blocked: a child inherits the
    /// signal mask of the thread that spawns it, and the threads tests run on block most signals,
    /// so a child started from one would never take the SIGTERM a test sends.
    private static func start(_ process: Process) throws {
        let outcome = Mutex<(any Error)?>(nil)
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try process.run() } catch { outcome.withLock { $0 = error } }
            started.signal()
        }
        started.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
    }

    private static func completeLines(of text: String) -> [Substring] {
        guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
        return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false)
    }
}

/// What a child printed, filled by one reader thread per pipe (a blocking read never holds a
/// task). Kept apart from ``ChildProcess`` so that the readers do not keep it alive.
private final class CollectedStreams: Sendable {
    private struct State {
        var output = Data()
        var errors = Data()
        var closed = 0
    }

    private let state = Mutex(State())

    /// Whether both pipes reached their end.
    var isClosed: Bool { state.withLock { $0.closed == 2 } }

    func text(of stream: ChildProcess.Stream) -> String {
        let data = state.withLock { stream == .standardOutput ? $0.output : $0.errors }
        return String(decoding: data, as: UTF8.self)
    }

    func read(_ handle: FileHandle, as stream: ChildProcess.Stream) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                state.withLock { state in
                    if stream == .standardOutput { state.output += chunk } else { state.errors += chunk }
                }
            }
            state.withLock { $0.closed += 1 }
        }
    }
}
