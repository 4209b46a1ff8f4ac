import Dispatch
import Foundation

/// Stops a process when it outlives its time limit, unless it ended first: first what it started
/// (so `swift test` reports the test process's end and writes the output it buffered), then, after
/// a grace period, its whole process group.
final class StepTimer {
    /// Seconds between stopping the process's children and stopping the whole group.
    static let grace = 10.0

    private let state = State()
    private let work: DispatchWorkItem

    /// Starts the clock for `process`.
    init(process: LoggedProcess, seconds: Double) {
        let state = self.state
        work = DispatchWorkItem {
            guard state.expire() else { return }
            if process.terminateDescendants() {
                DispatchQueue.global().asyncAfter(deadline: .now() + StepTimer.grace) {
                    if !state.isFinished { process.terminate() }
                }
            } else {
                process.terminate()
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Stops the clock once the process ended; returns whether the limit stopped it.
    func finish() -> Bool {
        work.cancel()
        return state.finish()
    }

    /// What the timer and the waiting thread share.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        private var expired = false

        /// Marks the limit reached; false when the process already ended.
        func expire() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !finished else { return false }
            expired = true
            return true
        }

        var isFinished: Bool {
            lock.lock()
            defer { lock.unlock() }
            return finished
        }

        func finish() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            finished = true
            return expired
        }
    }
}
