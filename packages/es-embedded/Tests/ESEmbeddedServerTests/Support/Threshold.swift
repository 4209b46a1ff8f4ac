import Synchronization

/// A count that a writer task raises and a test waits on: ``wait(atLeast:)`` is resumed by the
/// write that reaches the target (or by the writer ending), so the test never polls.
final class Threshold: Sendable {
    private struct State {
        var value: Int
        var finished = false
        var waiters: [(target: Int, continuation: CheckedContinuation<Int, Never>)] = []

        mutating func takeSatisfied() -> [(CheckedContinuation<Int, Never>, Int)] {
            let ready = waiters.filter { finished || $0.target <= value }.map { ($0.continuation, value) }
            waiters.removeAll { finished || $0.target <= value }
            return ready
        }
    }

    private let state: Mutex<State>

    init(_ value: Int = 0) {
        state = Mutex(State(value: value))
    }

    /// The count now.
    var value: Int { state.withLock { $0.value } }

    /// Raises the count to `value` (never lowers it).
    func raise(to value: Int) {
        let ready = state.withLock { state in
            state.value = max(state.value, value)
            return state.takeSatisfied()
        }
        for (continuation, value) in ready { continuation.resume(returning: value) }
    }

    /// Adds `count`.
    func add(_ count: Int) {
        let ready = state.withLock { state in
            state.value += count
            return state.takeSatisfied()
        }
        for (continuation, value) in ready { continuation.resume(returning: value) }
    }

    /// The writer ended: every wait returns with the count it reached.
    func finish() {
        let ready = state.withLock { state in
            state.finished = true
            return state.takeSatisfied()
        }
        for (continuation, value) in ready { continuation.resume(returning: value) }
    }

    /// Returns the count once it is at least `target`, or once the writer ended.
    func wait(atLeast target: Int) async -> Int {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Int? in
                if state.finished || state.value >= target { return state.value }
                state.waiters.append((target, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
