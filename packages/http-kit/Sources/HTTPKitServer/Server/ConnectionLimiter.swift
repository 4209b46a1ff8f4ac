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
        /// Tasks waiting for a number of waiters (tests; see ``waitForWaiters(_:)``).
        var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func satisfiedObservers() -> [CheckedContinuation<Void, Never>] {
            guard !observers.isEmpty else { return [] }
            let count = waiters.count
            let satisfied = observers.filter { $0.count <= count }.map(\.continuation)
            observers.removeAll { $0.count <= count }
            return satisfied
        }
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
                let (immediate, observers) = state.withLock {
                    state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    if state.isClosed || Task.isCancelled { return (false, []) }
                    if state.taken < limit {
                        state.taken += 1
                        return (true, [])
                    }
                    state.waiters.append((id, continuation))
                    return (nil, state.satisfiedObservers())
                }
                if let immediate { continuation.resume(returning: immediate) }
                for observer in observers { observer.resume() }
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

    /// Returns once at least `count` tasks wait in ``acquire()``: a test waits for the accept
    /// loop (or its own task) to park at the cap instead of sleeping.
    package func waitForWaiters(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.waiters.count >= count { return true }
                state.observers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// The slots taken now.
    package var taken: Int { state.withLock { $0.taken } }
}
