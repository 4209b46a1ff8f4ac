import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    ///   - environment: variables set for the child on top of this process's environment.
    /// - Throws: `ProcessRunnerError` when the program cannot be started.
    func run(
        _ command: String, _ arguments: [String], in directory: String?, input: Data?,
        environment: [String: String]
    ) throws -> ProcessOutput
}

extension ProcessRunning {
    /// Runs a command without standard input.
    public func run(_ command: String, _ arguments: [String], in directory: String?) throws -> ProcessOutput {
        try run(command, arguments, in: directory, input: nil, environment: [:])
    }

    /// Runs a command with this process's environment.
    public func run(_ command: String, _ arguments: [String], in directory: String?, input: Data?) throws
        -> ProcessOutput
    {
        try run(command, arguments, in: directory, input: input, environment: [:])
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

/// Runs real processes with `posix_spawn` and pipes drained with `poll`.
///
/// Foundation's `Process` costs tens of milliseconds per launch on Linux (it closes every
/// possible descriptor); testselect launches git a handful of times per run, so it spawns directly.
public struct SystemProcessRunner: ProcessRunning {
    /// Creates a runner.
    public init() {}

    public func run(
        _ command: String, _ arguments: [String], in directory: String?, input: Data?,
        environment: [String: String]
    ) throws -> ProcessOutput {
        var executable = command
        var argv = [command] + arguments
        if let directory {
            if !ChangeDirectoryAction.isAvailable {
                executable = "/bin/sh"
                argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, command] + arguments
            }
        }
        let stdoutPipe = try Pipe2()
        let stderrPipe = try Pipe2()
        let stdinPipe = try Pipe2()
        defer {
            stdoutPipe.closeBoth()
            stderrPipe.closeBoth()
            stdinPipe.closeBoth()
        }
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.dup(stdinPipe.read, to: 0)
        actions.dup(stdoutPipe.write, to: 1)
        actions.dup(stderrPipe.write, to: 2)
        if let directory, ChangeDirectoryAction.isAvailable { actions.changeDirectory(directory) }

        let pid = try spawn(executable, argv, command: command, environment: environment, actions: &actions)
        stdinPipe.closeRead()
        stdoutPipe.closeWrite()
        stderrPipe.closeWrite()
        if input == nil { stdinPipe.closeWrite() }
        let (out, err) = drain(
            stdout: stdoutPipe, stderr: stderrPipe, stdin: stdinPipe, input: input ?? Data())
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessOutput(status: exit, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    private func spawn(
        _ executable: String, _ argv: [String], command: String, environment: [String: String],
        actions: inout SpawnActions
    ) throws -> pid_t {
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for entry in cEnvironment { free(entry) } }
        let result = actions.withPointer { pointer in
            cEnvironment.withUnsafeMutableBufferPointer { buffer in
                let envp = environment.isEmpty ? processEnvironment() : buffer.baseAddress
                return executable.contains("/")
                    ? posix_spawn(&pid, executable, pointer, nil, cArguments, envp)
                    : posix_spawnp(&pid, executable, pointer, nil, cArguments, envp)
            }
        }
        guard result == 0 else {
            throw ProcessRunnerError.cannotLaunch(command: command, reason: String(cString: strerror(result)))
        }
        return pid
    }

    /// Reads both output pipes to the end while feeding standard input, without deadlocking.
    private func drain(stdout: Pipe2, stderr: Pipe2, stdin: Pipe2, input: Data) -> (Data, Data) {
        var out = Data()
        var err = Data()
        var written = 0
        let bytes = [UInt8](input)
        if stdin.write >= 0 { _ = fcntl(stdin.write, F_SETFL, fcntl(stdin.write, F_GETFL) | O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var openOut = true
        var openErr = true
        while openOut || openErr {
            var fds: [pollfd] = []
            if openOut { fds.append(pollfd(fd: stdout.read, events: Int16(POLLIN), revents: 0)) }
            if openErr { fds.append(pollfd(fd: stderr.read, events: Int16(POLLIN), revents: 0)) }
            if stdin.write >= 0 { fds.append(pollfd(fd: stdin.write, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdin.write {
                    if written < bytes.count {
                        let count = bytes[written...].withUnsafeBytes {
                            writeBytes(entry.fd, $0.baseAddress, $0.count)
                        }
                        if count > 0 {
                            written += count
                        } else if errno != EAGAIN && errno != EINTR {
                            written = bytes.count
                        }
                    }
                    if written >= bytes.count { stdin.closeWrite() }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == stdout.read {
                        out.append(contentsOf: buffer[0..<count])
                    } else {
                        err.append(contentsOf: buffer[0..<count])
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    if entry.fd == stdout.read { openOut = false } else { openErr = false }
                }
            }
        }
        stdin.closeWrite()
        return (out, err)
    }
}

/// The environment of this process, passed on to children.
private func processEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
        return _NSGetEnviron()?.pointee
    #else
        return environ
    #endif
}

/// `write(2)` under a name that does not clash with Swift's `write` methods.
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A pipe whose ends are closed once each; both ends are close-on-exec in the parent.
private final class Pipe2 {
    private(set) var read: Int32 = -1
    private(set) var write: Int32 = -1

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw ProcessRunnerError.cannotLaunch(command: "pipe", reason: String(cString: strerror(errno)))
        }
        read = fds[0]
        write = fds[1]
        _ = fcntl(read, F_SETFD, FD_CLOEXEC)
        _ = fcntl(write, F_SETFD, FD_CLOEXEC)
    }

    func closeRead() {
        if read >= 0 { close(read) }
        read = -1
    }

    func closeWrite() {
        if write >= 0 { close(write) }
        write = -1
    }

    func closeBoth() {
        closeRead()
        closeWrite()
    }
}
