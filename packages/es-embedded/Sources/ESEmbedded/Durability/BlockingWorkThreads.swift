import Foundation
import Synchronization

/// A few threads of their own for work that blocks on the disk (`fdatasync` of the write-ahead
/// log, snapshots), so that it never holds one of Swift's cooperative threads.
///
/// There are as many cooperative threads as cores (two on a CI machine); a durable write waits in
/// `fdatasync` for as long as the disk takes, which beside a build that writes hundreds of
/// megabytes is seconds. Two such waits on cooperative threads stop every task of the process:
/// a server's accept loop and every connection with it. Here the kernel schedules the waiting
/// threads apart, and the calling task is suspended meanwhile.
final class BlockingWorkThreads: Sendable {
    private struct State {
        /// Jobs not taken yet, oldest first from `head`; a taken job's slot is emptied at once,
        /// so nothing it captured (an engine, and its data directory's lock) outlives its run.
        var jobs: [(@Sendable () -> Void)?] = []
        var head = 0
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    /// The threads every durable engine of the process shares.
    static let shared = BlockingWorkThreads(threads: 4)

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "es-embedded.blocking.\(index)"
            thread.start()
        }
    }

    /// Runs `body` on one of the threads and returns what it returns, suspending the caller.
    func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Runs `job` on one of the threads, later. A job must not wait for another job of these
    /// threads (every thread could be waiting).
    func submit(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    private func work() {
        while true {
            ready.wait()
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.head < state.jobs.count else { return nil }
                let job = state.jobs[state.head]
                state.jobs[state.head] = nil
                state.head += 1
                if state.head == state.jobs.count || state.head > 1024 {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            job?()
        }
    }
}

extension BlockingWorkThreads {
    /// Runs `body` on a new thread of its own and returns a group to wait on.
    ///
    /// For work that a caller waits for beside work of its own (reading the index images while the
    /// snapshot is read): a block of Dispatch's global queues would need one of Dispatch's
    /// workers, which are also Swift's cooperative threads, so a caller waiting on one from a task
    /// could wait until Dispatch adds a thread (seconds, on a loaded machine).
    static func onThreadOfItsOwn(named name: String, _ body: @escaping @Sendable () -> Void) -> DispatchGroup
    {
        let done = DispatchGroup()
        done.enter()
        let thread = Thread {
            body()
            done.leave()
        }
        thread.name = name
        thread.start()
        return done
    }
}
