import Foundation
import TestSelectManifest
import TestSelectSupport

/// Stops a process when it outlives its time limit, unless it ended first: first what it started
/// (so `swift test` reports the test process's end and writes the output it buffered), then, after
/// a grace period, its whole process group.
///
/// The limit and the grace period are measured on an injected clock, so a test reaches them by
/// advancing a manual clock instead of waiting.
final class StepTimer: Sendable {
    /// How long after stopping the process's children the whole group is stopped.
    static let grace: Duration = .seconds(10)

    private let state = State()
    private let task: Task<Void, Never>

    /// Starts timing `process`: it is stopped once `limit` has passed on `clock`.
    init(process: LoggedProcess, limit: Duration, clock: MonotonicClock) {
        let state = self.state
        let deadline = clock.now() + limit
        task = Task.detached {
            // Cancellation (the process ended: `finish()`) is the normal way out of both waits.
            do { try await clock.sleep(deadline) } catch { return }
            guard state.expire() else { return }
            guard process.terminateDescendants() else {
                process.terminate()
                return
            }
            do { try await clock.sleep(clock.now() + StepTimer.grace) } catch { return }
            if !state.isFinished { process.terminate() }
        }
    }

    /// Stops the clock once the process ended; returns whether the limit stopped it.
    func finish() -> Bool {
        let expired = state.finish()
        task.cancel()
        return expired
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
