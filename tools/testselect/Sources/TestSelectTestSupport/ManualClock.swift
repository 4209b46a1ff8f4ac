import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// A clock that moves only when a test says so: its `clock` is the `MonotonicClock` to inject, and
/// `advance(by:)` wakes every sleeper whose deadline it reaches.
///
/// The dependency-free copy of `packages/time-kit`'s `TimeKitTesting.ManualClock`, same shape.
///
/// ```swift
/// let manual = ManualClock()
/// let progress = PlainRunProgress(stream: stream, heartbeat: .seconds(10), clock: manual.clock)
/// await manual.waitForSleepers(1)
/// manual.advance(by: .seconds(10))
/// ```
public final class ManualClock: @unchecked Sendable {
    private struct Sleeper {
        var id: UInt64
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var id: UInt64
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: ContinuousClock.Instant
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var onAdvance: [@Sendable () -> Void] = []
        /// Sleepers and waiters cancelled before they parked (their id was taken, their continuation
        /// not yet stored).
        var cancelledEarly: Set<UInt64> = []

        /// The waiters whose count is now reached, removed from the list.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = waiters.filter { $0.count <= sleepers.count }.map(\.continuation)
            waiters.removeAll { $0.count <= sleepers.count }
            return ready
        }
    }

    private let lock = NSLock()
    private var _state: State

    /// Creates a clock reading `start`.
    public init(start: ContinuousClock.Instant = .now) {
        _state = State(now: start)
    }

    /// Runs `body` on the state with the lock held (every access to `_state` goes through here).
    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&_state)
    }

    /// The time on this clock.
    public var now: ContinuousClock.Instant { withState { $0.now } }

    /// The number of tasks parked in `sleep` right now.
    public var sleeperCount: Int { withState { $0.sleepers.count } }

    /// The `MonotonicClock` view of this clock, to inject.
    public var clock: MonotonicClock {
        MonotonicClock(
            now: { [self] in now },
            sleep: { [self] deadline in try await sleep(until: deadline) },
            onAdvance: { [self] action in withState { $0.onAdvance.append(action) } },
            movesByItself: false)
    }

    /// Moves time forward by `duration`.
    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves time forward to `instant`; every sleeper whose deadline is reached resumes, in
    /// deadline order.
    public func advance(to instant: ContinuousClock.Instant) {
        let (due, actions) = withState { state in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.filter { $0.deadline <= state.now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return (due, state.onAdvance)
        }
        for sleeper in due { sleeper.continuation.resume() }
        for action in actions { action() }
    }

    /// Returns once at least `count` tasks are parked in this clock's `sleep` (no polling: the
    /// sleepers themselves resume it), or once the waiting task is cancelled (a test's time limit),
    /// so that a sleeper that never comes fails the test instead of hanging it.
    public func waitForSleepers(_ count: Int) async {
        let id = withState { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = withState { state -> Bool in
                    if state.cancelledEarly.remove(id) != nil || state.sleepers.count >= count { return true }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = withState { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }

    private func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = withState { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                enum Parked {
                    case due, cancelled
                    case parked([CheckedContinuation<Void, Never>])
                }
                let parked = withState { state -> Parked in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .parked(state.satisfiedWaiters())
                }
                switch parked {
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .parked(let waiters): for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = withState { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
