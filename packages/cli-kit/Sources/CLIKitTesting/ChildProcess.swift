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
        let streams = self.streams
        process.terminationHandler = { _ in streams.noteExit() }
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
            let seen = streams.snapshot(of: stream)
            if let line = Self.completeLines(of: seen.text).first(where: matches) {
                return String(line)
            }
            if seen.finished {
                throw ChildProcessError.exited(
                    status: process.terminationStatus, waitingFor: description, output: output,
                    errors: errors)
            }
            guard ContinuousClock.now < deadline else {
                throw ChildProcessError.timedOut(
                    waitingFor: description, seconds: Self.seconds(timeout), output: output, errors: errors)
            }
            // Woken by the child's next bytes, its pipes closing or its end; the deadline is
            // the one real-time bound (a real process runs on real time).
            await streams.change(after: seen.version, deadline: deadline)
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
        while true {
            let seen = streams.snapshot(of: .standardOutput)
            if seen.exited { break }
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw ChildProcessError.timedOut(
                    waitingFor: "(the process's end)", seconds: Self.seconds(timeout), output: output,
                    errors: errors)
            }
            await streams.change(after: seen.version, deadline: deadline)
        }
        // What it printed last is read to the end of its pipes (a descendant that keeps them
        // open is given a moment, not the whole deadline).
        let drained = min(deadline, ContinuousClock.now + .seconds(2))
        while true {
            let seen = streams.snapshot(of: .standardOutput)
            guard !seen.closed, ContinuousClock.now < drained else { break }
            await streams.change(after: seen.version, deadline: drained)
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

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func completeLines(of text: String) -> [Substring] {
        guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
        return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false)
    }
}

/// What a child printed, filled by one reader thread per pipe (a blocking read never holds a
/// task), and whether it ended. Every change (bytes, a pipe closing, the end) wakes the tasks
/// waiting in ``change(after:deadline:)``. Kept apart from ``ChildProcess`` so that the readers
/// do not keep it alive.
private final class CollectedStreams: Sendable {
    /// What a waiter saw: the text of one stream, and the version to wait past.
    struct Snapshot {
        var text: String
        var version: Int
        /// Both pipes reached their end.
        var closed: Bool
        /// The process ended.
        var exited: Bool
        /// Nothing more will come: the process ended and both pipes are closed.
        var finished: Bool { closed && exited }
    }

    private struct State {
        var output = Data()
        var errors = Data()
        var closed = 0
        var exited = false
        var version = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]

        /// Records a change and takes every waiter, to be resumed outside the lock.
        mutating func changed() -> [CheckedContinuation<Void, Never>] {
            version += 1
            defer { waiters = [:] }
            return Array(waiters.values)
        }
    }

    private let state = Mutex(State())

    func text(of stream: ChildProcess.Stream) -> String {
        snapshot(of: stream).text
    }

    func snapshot(of stream: ChildProcess.Stream) -> Snapshot {
        state.withLock { state in
            Snapshot(
                text: String(
                    decoding: stream == .standardOutput ? state.output : state.errors, as: UTF8.self),
                version: state.version, closed: state.closed == 2, exited: state.exited)
        }
    }

    /// Returns once something changed after `version`, or at `deadline`.
    func change(after version: Int, deadline: ContinuousClock.Instant) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id: UInt64? = state.withLock { state in
                guard state.version == version else { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = continuation
                return state.nextWaiter
            }
            guard let id else {
                continuation.resume()
                return
            }
            let remaining = max(.zero, deadline - .now)
            let nanoseconds =
                remaining.components.seconds * 1_000_000_000
                + remaining.components.attoseconds / 1_000_000_000
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }

    /// The process ended (its termination handler).
    func noteExit() {
        let waiters = state.withLock { state in
            state.exited = true
            return state.changed()
        }
        for waiter in waiters { waiter.resume() }
    }

    func read(_ handle: FileHandle, as stream: ChildProcess.Stream) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let waiters = state.withLock { state in
                    if stream == .standardOutput { state.output += chunk } else { state.errors += chunk }
                    return state.changed()
                }
                for waiter in waiters { waiter.resume() }
            }
            let waiters = state.withLock { state in
                state.closed += 1
                return state.changed()
            }
            for waiter in waiters { waiter.resume() }
        }
    }
}
