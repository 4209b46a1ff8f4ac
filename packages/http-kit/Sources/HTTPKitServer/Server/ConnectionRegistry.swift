import HTTPKit
import Synchronization

/// The open connections of a server and whether each waits for its next request, so that a
/// graceful shutdown can close the idle ones at once and let busy ones finish.
final class ConnectionRegistry: Sendable {
    private struct State {
        var isShuttingDown = false
        var idle: [Int32: Bool] = [:]
    }

    private let state = Mutex(State())

    /// Adds a connection; `false` when the server is shutting down (close it instead).
    func add(_ fd: Int32) -> Bool {
        state.withLock { state in
            guard !state.isShuttingDown else { return false }
            state.idle[fd] = false
            return true
        }
    }

    /// Removes a connection (before its descriptor is closed).
    func remove(_ fd: Int32) {
        _ = state.withLock { $0.idle.removeValue(forKey: fd) }
    }

    /// Marks a connection as waiting for its next request; `false` when the server is shutting
    /// down (close it instead).
    func markIdle(_ fd: Int32) -> Bool {
        state.withLock { state in
            guard !state.isShuttingDown else { return false }
            state.idle[fd] = true
            return true
        }
    }

    /// Marks a connection as working on a request.
    func markBusy(_ fd: Int32) {
        state.withLock { $0.idle[fd] = false }
    }

    /// Starts shutting down and calls `interruptIdle` with each connection idle at this
    /// moment, under the registry's lock: a connection removes itself before closing its
    /// descriptor, so none of them can be closed, and its number taken by another socket,
    /// before it is interrupted.
    func beginShutdown(interruptIdle: (Int32) -> Void) {
        state.withLock { state in
            state.isShuttingDown = true
            for (fd, isIdle) in state.idle where isIdle {
                interruptIdle(fd)
            }
        }
    }

    /// Whether a shutdown has started.
    var isShuttingDown: Bool { state.withLock { $0.isShuttingDown } }

    /// The number of open connections.
    var count: Int { state.withLock { $0.idle.count } }
}
