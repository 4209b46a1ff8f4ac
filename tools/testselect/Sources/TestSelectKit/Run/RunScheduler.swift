import Foundation
import TestSelectManifest

/// Runs the jobs of a plan, up to `width` packages at a time, longest expected first, and stops
/// starting (and cancels) work after the first failing package when `failFast` is set.
///
/// Each package runs on a thread of its own: the work is waiting for `swift build` and `swift test`,
/// not computing.
public final class RunScheduler: @unchecked Sendable {
    private let runner: PackageTestRunner
    private let width: Int
    private let failFast: Bool
    private let progress: any RunProgress
    private let lock = NSLock()
    private var queue: [Int] = []
    private var results: [PackageRunResult?] = []

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - runner: runs one package.
    ///   - width: how many packages run at once (at least 1).
    ///   - failFast: whether the first failing package stops the run.
    ///   - progress: told when packages start phases and finish.
    public init(runner: PackageTestRunner, width: Int, failFast: Bool, progress: any RunProgress) {
        self.runner = runner
        self.width = max(1, width)
        self.failFast = failFast
        self.progress = progress
    }

    /// Runs every job and returns their results in plan order.
    ///
    /// - Parameter expectedSeconds: how long each job is expected to take; longer jobs start first.
    public func run(_ plan: RunPlan, expectedSeconds: (PackageJob) -> Double) -> [PackageRunResult] {
        let estimates = plan.jobs.map(expectedSeconds)
        lock.lock()
        queue = plan.jobs.indices.sorted {
            estimates[$0] != estimates[$1] ? estimates[$0] > estimates[$1] : $0 < $1
        }
        results = Array(repeating: nil, count: plan.jobs.count)
        lock.unlock()
        let group = DispatchGroup()
        for _ in 0..<min(width, plan.jobs.count) {
            group.enter()
            let thread = Thread { [self] in
                work(plan)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        return plan.jobs.indices.map { index in
            results[index]
                ?? PackageRunResult(
                    job: plan.jobs[index], outcome: .notRun, logPath: runner.logPath(for: plan.jobs[index]))
        }
    }

    private func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !runner.registry.isCancelled, !queue.isEmpty else { return nil }
        return queue.removeFirst()
    }

    private func work(_ plan: RunPlan) {
        while let index = next() {
            let job = plan.jobs[index]
            let result = runner.run(job) { phase in progress.update(job, phase: phase) }
            lock.lock()
            results[index] = result
            lock.unlock()
            progress.finished(result)
            if failFast, result.isFailure { runner.registry.cancelAll() }
        }
    }
}
