import Foundation
import TestSelectSupport

/// The child processes of a run that are still going, so that `--fail-fast` or an interrupt can
/// stop them all at once. Once cancelled, it refuses (and stops) every new process.
public final class ProcessRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var running: [pid_t: LoggedProcess] = [:]
    private var cancelled = false

    /// Creates an empty registry.
    public init() {}

    /// Whether the run was cancelled.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Adds a started process; returns false (and stops it) when the run is already cancelled.
    @discardableResult
    public func add(_ process: LoggedProcess) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if cancelled {
            process.terminate()
            return false
        }
        running[process.pid] = process
        return true
    }

    /// Removes a process that ended.
    public func remove(_ process: LoggedProcess) {
        lock.lock()
        defer { lock.unlock() }
        running[process.pid] = nil
    }

    /// Marks the run cancelled and sends `SIGTERM` to every running process group.
    public func cancelAll() {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        for process in running.values { process.terminate() }
    }
}
