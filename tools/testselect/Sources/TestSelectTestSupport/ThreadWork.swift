import Foundation

/// Blocking work (waiting on a child process, a pipe) started at once on a thread of its own, its
/// result awaited without holding a thread.
///
/// An `async let` or a `Task` would start only once one of Swift's cooperative threads is free,
/// and in a test process other tests may hold them all (synchronous tests block them), so a test
/// that then waits on the work's effects with a real-time bound would fail for nothing.
///
/// ```swift
/// let run = ThreadWork { runner.run(job) { _ in } }
/// let result = await run.value
/// ```
public final class ThreadWork<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    /// Starts `work` on a new thread now.
    public init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in finish(work()) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func finish(_ value: Value) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: value)
        } else {
            result = value
            lock.unlock()
        }
    }

    /// The work's result, once it is done.
    public var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let result {
                    lock.unlock()
                    continuation.resume(returning: result)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }
    }
}
