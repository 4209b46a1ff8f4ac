import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended, with what it cost.
public struct ProcessExit: Sendable, Equatable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public var status: Int32
    /// The signal that ended it, if any.
    public var signal: Int32?
    /// The peak resident memory of the process, in bytes (0 when unknown).
    public var peakMemoryBytes: Int
    /// Wall-clock seconds from launch to exit.
    public var seconds: Double
    /// CPU seconds the process used (user and system), 0 when unknown.
    public var cpuSeconds: Double

    /// Creates an exit record.
    public init(status: Int32, signal: Int32?, peakMemoryBytes: Int, seconds: Double, cpuSeconds: Double = 0)
    {
        self.status = status
        self.signal = signal
        self.peakMemoryBytes = peakMemoryBytes
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
    }

    /// Whether it exited with status 0.
    public var succeeded: Bool { status == 0 && signal == nil }
}

/// A child process whose standard output and error are appended to a file, started in a process
/// group of its own so that it and everything it spawned can be stopped together.
///
/// `swift build` and `swift test` write far more than a pipe should buffer, and their logs are kept
/// anyway, so they write straight to the log file; standard input is `/dev/null`.
public final class LoggedProcess: Sendable {
    /// The process id (also the id of its process group).
    public let pid: pid_t
    private let started: ContinuousClock.Instant

    private init(pid: pid_t, started: ContinuousClock.Instant) {
        self.pid = pid
        self.started = started
    }

    /// Starts `command` (looked up on `PATH` when it has no `/`).
    ///
    /// - Parameters:
    ///   - command: the program.
    ///   - arguments: its arguments.
    ///   - directory: the working directory, or nil for the current one.
    ///   - output: the file standard output and error are appended to (created if needed), or nil
    ///     for `/dev/null`.
    ///   - environment: variables set on top of this process's environment.
    /// - Throws: `ProcessRunnerError.cannotLaunch` when the program or the log cannot be opened.
    public static func launch(
        _ command: String, _ arguments: [String], in directory: String? = nil, output: String?,
        environment: [String: String] = [:]
    ) throws -> LoggedProcess {
        let target = output ?? "/dev/null"
        let descriptor = open(target, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ProcessRunnerError.cannotLaunch(
                command: command, reason: "cannot open '\(target)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var executable = command
        var argv = [command] + arguments
        if let directory, !ChangeDirectoryAction.isAvailable {
            executable = "/bin/sh"
            argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, command] + arguments
        }
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.open("/dev/null", as: 0, flags: O_RDONLY)
        actions.dup(descriptor, to: 1)
        actions.dup(descriptor, to: 2)
        if let directory, ChangeDirectoryAction.isAvailable { actions.changeDirectory(directory) }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        attributes.startNewProcessGroup()

        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in cEnvironment { free(entry) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let result = actions.withPointer { fileActions in
            attributes.withPointer { spawnAttributes in
                executable.contains("/")
                    ? posix_spawn(&pid, executable, fileActions, spawnAttributes, cArguments, cEnvironment)
                    : posix_spawnp(&pid, executable, fileActions, spawnAttributes, cArguments, cEnvironment)
            }
        }
        guard result == 0 else {
            throw ProcessRunnerError.cannotLaunch(command: command, reason: String(cString: strerror(result)))
        }
        return LoggedProcess(pid: pid, started: started)
    }

    /// Waits for the process to end (call it once).
    public func wait() -> ProcessExit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        let elapsed = ContinuousClock.now - started
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let signal = status & 0x7f
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)
        #else
            let peak = Int(usage.ru_maxrss) * 1024
        #endif
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return ProcessExit(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, signal: signal == 0 ? nil : signal,
            peakMemoryBytes: peak, seconds: seconds, cpuSeconds: cpu)
    }

    /// Sends `signal` (default `SIGTERM`) to the process, everything it started (even in process
    /// groups of their own: `swift test` runs its test process in one) and its process group.
    public func terminate(signal: Int32 = SIGTERM) {
        // Descendants are found first (once the process is gone, its children belong to init), the
        // group is signalled next (so the process dies by the signal, not by its children's end).
        let descendants = LoggedProcess.descendants(of: pid)
        _ = kill(-pid, signal)
        for member in descendants { _ = kill(member, signal) }
    }

    /// Sends `signal` to every process the process started, directly or not, but not to the process
    /// itself; returns whether there were any. Found through `/proc`, so Linux only.
    ///
    /// `swift test` buffers what its test process prints: stopping only the test process lets it
    /// write that output and exit on its own, instead of losing it.
    @discardableResult
    public func terminateDescendants(signal: Int32 = SIGTERM) -> Bool {
        let descendants = LoggedProcess.descendants(of: pid)
        for member in descendants { _ = kill(member, signal) }
        return !descendants.isEmpty
    }

    /// Every process below `root` in the process tree, read from `/proc` (empty elsewhere).
    package static func descendants(of root: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let process = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (name)": state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            children[parent, default: []].append(process)
        }
        var result: [pid_t] = []
        var stack = children[root] ?? []
        while let next = stack.popLast() {
            result.append(next)
            stack += children[next] ?? []
        }
        return result
    }
}
