import HTTPKit

/// What an ``EventLoop`` knows about one registered socket: for each direction whether an
/// edge arrived that no task consumed yet, and the task waiting, if any.
///
/// All methods mutate in place (the loop keeps these in a dictionary and calls them through
/// optional chaining), so waking a task copies nothing.
struct SocketRegistration {
    typealias Resumption = (
        CheckedContinuation<EventLoop.Readiness, any Error>, Result<EventLoop.Readiness, any Error>
    )

    struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<EventLoop.Readiness, any Error>
        let deadline: ContinuousClock.Instant?
    }

    struct Direction {
        /// An edge arrived while nobody waited (or the socket was just registered).
        var ready = true
        var waiter: Waiter?

        /// Wakes the waiter, or remembers the edge for the next wait.
        mutating func fire(into resumptions: inout [Resumption]) {
            if let waiter {
                self.waiter = nil
                resumptions.append((waiter.continuation, .success(.ready)))
            } else {
                ready = true
            }
        }

        /// Ends the wait if its deadline passed; otherwise returns its deadline.
        mutating func expire(at now: ContinuousClock.Instant, into resumptions: inout [Resumption])
            -> ContinuousClock.Instant?
        {
            guard let waiter, let deadline = waiter.deadline else { return nil }
            guard deadline <= now else { return deadline }
            self.waiter = nil
            resumptions.append((waiter.continuation, .success(.timedOut)))
            return nil
        }
    }

    var read = Direction()
    var write = Direction()
    var interrupted = false

    /// Runs `body` on the direction of `interest`, in place.
    mutating func withDirection<Result>(_ interest: EventLoop.Interest, _ body: (inout Direction) -> Result)
        -> Result
    {
        switch interest {
        case .read: body(&read)
        case .write: body(&write)
        }
    }

    /// Stores `waiter`, or returns the result it gets at once (interrupted, an unconsumed
    /// edge, or cancellation).
    mutating func enqueue(_ waiter: Waiter, for interest: EventLoop.Interest) -> Result<
        EventLoop.Readiness, any Error
    >? {
        if interrupted { return .success(.interrupted) }
        return withDirection(interest) { direction in
            if direction.ready {
                direction.ready = false
                return .success(.ready)
            }
            if Task.isCancelled { return .failure(CancellationError()) }
            direction.waiter = waiter
            return nil
        }
    }

    /// Removes the waiter with `id`, if it still waits.
    mutating func removeWaiter(id: UInt64, for interest: EventLoop.Interest) -> Waiter? {
        withDirection(interest) { direction in
            guard let waiter = direction.waiter, waiter.id == id else { return nil }
            direction.waiter = nil
            return waiter
        }
    }

    /// Marks the socket interrupted and returns its waiters.
    mutating func interrupt() -> [Waiter] {
        interrupted = true
        let waiters = [read.waiter, write.waiter].compactMap { $0 }
        read.waiter = nil
        write.waiter = nil
        return waiters
    }
}
