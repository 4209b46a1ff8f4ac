import HTTPKit
import Synchronization

/// Holds a server's open connections to its cap: the accept loop takes a slot before it
/// accepts and, when every slot is taken, waits without accepting (new connections queue in
/// the kernel's backlog); a connection gives its slot back once its descriptor is closed.
package final class ConnectionLimiter: Sendable {
    private typealias Waiter = (id: UInt64, continuation: CheckedContinuation<Bool, Never>)

    private struct State {
        var taken = 0
        var isClosed = false
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    /// The most slots taken at once.
    package let limit: Int
    private let state = Mutex(State())

    /// Creates a limiter of `limit` slots (at least one).
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot if one is free, without waiting.
    package func tryAcquire() -> Bool {
        state.withLock { state in
            guard !state.isClosed, state.taken < limit else { return false }
            state.taken += 1
            return true
        }
    }

    /// Takes a slot, waiting while every slot is taken; `false` when the limiter is closed
    /// (the server is shutting down) or the task is cancelled.
    package func acquire() async -> Bool {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate = state.withLock { state -> Bool? in
                    if state.isClosed || Task.isCancelled { return false }
                    if state.taken < limit {
                        state.taken += 1
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives a slot back, handing it to the longest waiter if any.
    package func release() {
        let waiter = state.withLock { state -> Waiter? in
            state.taken -= 1
            guard !state.waiters.isEmpty, state.taken < limit else { return nil }
            state.taken += 1
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: true)
    }

    /// Ends every wait, now and later, with `false`; slots taken can still be given back.
    package func close() {
        let waiters = state.withLock { state in
            state.isClosed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters {
            waiter.continuation.resume(returning: false)
        }
    }

    /// The slots taken now.
    package var taken: Int { state.withLock { $0.taken } }
}
