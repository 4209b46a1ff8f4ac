import Synchronization
import TimeKit

/// A monotonic clock that moves only when a test says so: sleepers resume when ``advance(by:)``
/// reaches their deadline, and a test can wait until the code under test is parked in a sleep
/// instead of sleeping itself "so the other task parks".
///
/// The root package keeps a deliberate dependency-free copy in
/// `tools/testselect/Sources/TestSelectTestSupport/ManualClock.swift`: change both.
///
/// ```swift
/// let time = ManualClock()
/// let retrying = Task { try await client.fetch(clock: time.clock) }  // backs off 100 ms
/// await time.waitForSleepers(1)
/// time.advance(by: .milliseconds(100))
/// ```
public final class ManualClock: Sendable {
    private struct Sleeper {
        var id: UInt64
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: ContinuousClock.Instant
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var advanceActions: [@Sendable () -> Void] = []

        /// Takes the watchers whose count is now reached.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let ready = watchers.filter { $0.count <= count }.map(\.continuation)
            watchers.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state: Mutex<State>

    /// Creates a clock standing at `start` (by default the real clock's current instant, so
    /// deadlines computed from either clock are comparable).
    public init(start: ContinuousClock.Instant = .now) {
        state = Mutex(State(now: start))
    }

    /// The current instant of this clock.
    public var now: ContinuousClock.Instant { state.withLock { $0.now } }

    /// The number of tasks parked in this clock's sleep right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The clock as a `MonotonicClock` to inject.
    public var clock: MonotonicClock {
        MonotonicClock(
            now: { [self] in now },
            sleep: { [self] deadline in try await sleep(until: deadline) },
            onAdvance: { [self] action in state.withLock { $0.advanceActions.append(action) } },
            movesByItself: false)
    }

    /// Moves time forward by `duration`; every sleeper whose deadline is reached resumes, in
    /// deadline order.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a monotonic clock cannot go back (advance by \(duration))")
        advance { $0 + duration }
    }

    /// Moves time forward to `instant` (nothing happens if the clock is already past it).
    public func advance(to instant: ContinuousClock.Instant) {
        advance { max($0, instant) }
    }

    /// Returns once at least `count` tasks are parked in this clock's sleep. It is resumed by the
    /// sleepers themselves, so it costs nothing while it waits.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func advance(_ move: (ContinuousClock.Instant) -> ContinuousClock.Instant) {
        let (due, actions) = state.withLock { state -> ([Sleeper], [@Sendable () -> Void]) in
            state.now = move(state.now)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return (due, state.advanceActions)
        }
        for sleeper in due { sleeper.continuation.resume() }
        for action in actions { action() }
    }

    private func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, watchers) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.satisfiedWatchers())
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
