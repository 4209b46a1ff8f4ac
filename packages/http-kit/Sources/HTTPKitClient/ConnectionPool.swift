import HTTPKit
import Synchronization
import TimeKit

/// The kept-alive connections to one host, at most `limit` open at once.
///
/// A call takes an idle connection, or the right to open one while fewer than `limit` are
/// open, or waits (until its deadline) for a connection another call gives back.
final class ConnectionPool: Sendable {
    /// What a call gets from the pool.
    enum Lease: Sendable {
        /// An idle connection, already open.
        case idle(ClientConnection)
        /// Permission to open a new connection (counted as open from now on).
        case open
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Lease?, Never>
    }

    private struct State {
        var idle: [ClientConnection] = []
        var open = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    let limit: Int
    /// The time a waiting call's deadline is read on.
    let clock: MonotonicClock
    private let state = Mutex(State())

    init(limit: Int, clock: MonotonicClock) {
        self.limit = limit
        self.clock = clock
    }

    /// The number of connections open now, idle or lent (for tests and metrics).
    var openCount: Int { state.withLock { $0.open } }

    /// The number of idle connections.
    var idleCount: Int { state.withLock { $0.idle.count } }

    /// A lease, or `nil` when `deadline` passed (or the task was cancelled) first.
    func lease(deadline: ContinuousClock.Instant) async -> Lease? {
        enum Immediate {
            case lease(Lease)
            case wait(UInt64)
        }
        let immediate = state.withLock { state -> Immediate in
            if let connection = state.idle.popLast() { return .lease(.idle(connection)) }
            if state.open < limit {
                state.open += 1
                return .lease(.open)
            }
            state.nextWaiterID += 1
            return .wait(state.nextWaiterID)
        }
        let id: UInt64
        switch immediate {
        case .lease(let lease): return lease
        case .wait(let waiterID): id = waiterID
        }
        guard clock.now() < deadline else { return nil }
        let timer = Task { [clock] in
            // A cancelled timer (the lease came first) must not take the waiter's place.
            guard (try? await clock.sleep(until: deadline)) != nil else { return }
            self.cancelWaiter(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let added = state.withLock { state -> Bool in
                    // A connection may have come back between the first look and now.
                    if let connection = state.idle.popLast() {
                        continuation.resume(returning: .idle(connection))
                        return false
                    }
                    if state.open < limit {
                        state.open += 1
                        continuation.resume(returning: .open)
                        return false
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return true
                }
                _ = added
            }
        } onCancel: {
            cancelWaiter(id)
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: nil)
    }

    /// Gives a healthy connection back: to the longest waiting call, or to the idle list.
    func release(_ connection: ClientConnection) {
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: .idle(connection))
    }

    /// Records that a lent connection was closed (or never opened): a waiting call may open one.
    func discard() {
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.open -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: .open)
    }

    /// Closes every idle connection.
    func closeIdle() {
        let idle = state.withLock { state -> [ClientConnection] in
            defer {
                state.open -= state.idle.count
                state.idle = []
            }
            return state.idle
        }
        for connection in idle { connection.close() }
    }
}
