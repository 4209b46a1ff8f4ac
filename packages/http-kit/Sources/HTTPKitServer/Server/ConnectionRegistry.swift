import HTTPKit
import Synchronization

/// The open connections of a server and whether each waits for its next request, so that a
/// graceful shutdown can close the idle ones at once and let busy ones finish.
final class ConnectionRegistry: Sendable {
    private struct State {
        var isShuttingDown = false
        var idle: [Int32: Bool] = [:]
        var emptyWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0
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
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.idle.removeValue(forKey: fd)
            guard state.idle.isEmpty else { return [] }
            defer { state.emptyWaiters = [:] }
            return Array(state.emptyWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no connection is open (at once if none is), or when the task is cancelled.
    func waitUntilEmpty() async {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state -> Bool in
                    if state.idle.isEmpty || Task.isCancelled { return true }
                    state.emptyWaiters[id] = continuation
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.emptyWaiters.removeValue(forKey: id) }?.resume()
        }
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
