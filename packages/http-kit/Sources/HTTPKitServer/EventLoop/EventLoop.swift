import Foundation
import HTTPKit
import Synchronization

/// A readiness loop on one thread: sockets register once, then tasks `await` until a socket
/// is readable or writable, a deadline passes, or the socket is interrupted.
///
/// The readiness mechanism is a ``ReadinessBackend`` (epoll, kqueue or poll; see
/// ``HTTPKit/EventLoopBackend``). Edge-triggered back ends report each change once; an edge
/// that arrives while no task waits is kept as a "ready" flag, so the next wait returns at once.
/// A level-triggered back end is given the sockets that have a waiting task before each wait.
/// Either way callers retry their non-blocking call after a wait, which makes a stale flag a
/// harmless spurious wake-up. Deadlines are checked when the earliest known one passes, so
/// timeouts cost nothing while traffic flows. Handlers never run on this thread: waits resume
/// on Swift's cooperative pool, which uses every core.
package final class EventLoop: Sendable {
    /// What a task waits for.
    package enum Interest: Sendable {
        case read
        case write
    }

    /// How a wait ended.
    package enum Readiness: Sendable, Equatable {
        /// The socket may be ready; retry the operation.
        case ready
        /// The deadline passed first.
        case timedOut
        /// ``interrupt(_:)`` was called for the socket (or it was deregistered).
        case interrupted
    }

    private struct State {
        var registrations: [Int32: SocketRegistration] = [:]
        /// No waiter's deadline is earlier than this (it may be earlier than all of them).
        var earliestDeadline: ContinuousClock.Instant?
        /// Whether the loop thread is blocked in its back end's wait, and until when (`nil`: forever).
        var sleeping = false
        var sleepingUntil: ContinuousClock.Instant?
    }

    private typealias Resumption = SocketRegistration.Resumption

    private let backend: any ReadinessBackend
    /// Which back end this loop runs on.
    package let kind: EventLoopBackend
    private let state = Mutex(State())
    private let nextWaiterID = Atomic<UInt64>(0)
    private let nextTimerID = Atomic<UInt32>(0)

    private static let sharedLoops = Mutex<[EventLoopBackend: EventLoop]>([:])

    /// The process-wide loop of the back end `HTTPKIT_EVENT_LOOP` names (else the platform's),
    /// started on first use.
    ///
    /// - Throws: ``ServerError`` when the variable names no back end of this platform, or the
    ///   system refuses one.
    package static func shared() throws(ServerError) -> EventLoop {
        let kind: EventLoopBackend
        do {
            kind = try EventLoopBackend.selected()
        } catch {
            throw .eventLoopUnavailable(error.description)
        }
        return try shared(kind)
    }

    /// The process-wide loop of `kind`, started on first use.
    package static func shared(_ kind: EventLoopBackend) throws(ServerError) -> EventLoop {
        let found = sharedLoops.withLock { loops -> Result<EventLoop, ServerError> in
            if let loop = loops[kind] { return .success(loop) }
            do throws(ServerError) {
                let loop = try EventLoop(kind)
                loops[kind] = loop
                return .success(loop)
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    private init(_ kind: EventLoopBackend) throws(ServerError) {
        self.kind = kind
        backend = try kind.makeReadinessBackend()
        let thread = Thread { [self] in runLoop() }
        thread.name = "HTTPKit.EventLoop.\(kind)"
        thread.start()
    }

    /// Starts watching `fd`, which must be non-blocking.
    package func register(_ fd: Int32) throws(ServerError) {
        state.withLock { $0.registrations[fd] = SocketRegistration() }
        do {
            try backend.add(fd)
        } catch {
            _ = state.withLock { $0.registrations.removeValue(forKey: fd) }
            throw error
        }
    }

    /// Stops watching `fd` (call before closing it); pending waits end as interrupted.
    package func deregister(_ fd: Int32) {
        backend.remove(fd)
        let registration = state.withLock { $0.registrations.removeValue(forKey: fd) }
        for waiter in [registration?.read.waiter, registration?.write.waiter].compactMap({ $0 }) {
            waiter.continuation.resume(returning: .interrupted)
        }
    }

    /// Makes the current and every later wait on `fd` end as interrupted.
    package func interrupt(_ fd: Int32) {
        let waiters = state.withLock { $0.registrations[fd]?.interrupt() } ?? []
        for waiter in waiters {
            waiter.continuation.resume(returning: .interrupted)
        }
    }

    /// Waits until `fd` may be ready for `interest`, `deadline` passes, or the socket is
    /// interrupted.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; ``ServerError`` when `fd` is
    ///   not registered.
    package func wait(for interest: Interest, on fd: Int32, deadline: ContinuousClock.Instant?) async throws
        -> Readiness
    {
        let id = nextWaiterID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let waiter = SocketRegistration.Waiter(id: id, continuation: continuation, deadline: deadline)
                let (immediate, wake) = state.withLock { enqueue(waiter, for: interest, on: fd, state: &$0) }
                if let immediate { continuation.resume(with: immediate) }
                if wake { backend.wakeUp() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.registrations[fd]?.removeWaiter(id: id, for: interest) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until `deadline` on this loop's clock.
    ///
    /// Unlike `Task.sleep`, it needs no file descriptor: Dispatch creates the timer descriptor
    /// of a clock on its first use, and a process out of descriptors crashes there, which is
    /// when the server most needs to wait. A sleep is a registration under a negative key
    /// (never a descriptor) that no event ever fires, so only its deadline ends it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    package func sleep(until deadline: ContinuousClock.Instant) async throws {
        let key = -1 - Int32(nextTimerID.add(1, ordering: .relaxed).newValue % UInt32(Int32.max))
        var registration = SocketRegistration()
        registration.read.ready = false
        state.withLock { $0.registrations[key] = registration }
        defer { _ = state.withLock { $0.registrations.removeValue(forKey: key) } }
        _ = try await wait(for: .read, on: key, deadline: deadline)
    }

    /// Stores `waiter`, or returns the result it gets at once; also says whether the loop
    /// thread must wake up to take an earlier deadline into account.
    private func enqueue(
        _ waiter: SocketRegistration.Waiter, for interest: Interest, on fd: Int32, state: inout State
    ) -> (Result<Readiness, any Error>?, Bool) {
        guard state.registrations[fd] != nil else {
            return (
                .failure(ServerError.systemCall("event loop wait", reason: "socket \(fd) is not registered")),
                false
            )
        }
        if let result = state.registrations[fd]?.enqueue(waiter, for: interest) { return (result, false) }
        if backend.needsInterests && fd >= 0 && state.sleeping {
            // A level-triggered back end polls only the sockets it was given: include this one.
            if let deadline = waiter.deadline, state.earliestDeadline.map({ deadline < $0 }) ?? true {
                state.earliestDeadline = deadline
            }
            state.sleeping = false
            return (nil, true)
        }
        guard let deadline = waiter.deadline else { return (nil, false) }
        if let earliest = state.earliestDeadline, earliest <= deadline { return (nil, false) }
        state.earliestDeadline = deadline
        guard state.sleeping else { return (nil, false) }
        if let until = state.sleepingUntil, until <= deadline { return (nil, false) }
        state.sleeping = false
        return (nil, true)
    }

    private func runLoop() {
        var events: [ReadinessEvent] = []
        var interests: [ReadinessInterest] = []
        while true {
            let timeout = state.withLock { state -> Int32 in
                state.sleeping = true
                state.sleepingUntil = state.earliestDeadline
                if backend.needsInterests {
                    interests.removeAll(keepingCapacity: true)
                    for (fd, registration) in state.registrations where fd >= 0 {
                        let read = registration.read.waiter != nil
                        let write = registration.write.waiter != nil
                        if read || write {
                            interests.append(ReadinessInterest(fd: fd, read: read, write: write))
                        }
                    }
                }
                guard let earliest = state.earliestDeadline else { return -1 }
                let remaining = earliest - .now
                guard remaining > .zero else { return 0 }
                let (seconds, attoseconds) = remaining.components
                return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            events.removeAll(keepingCapacity: true)
            backend.wait(timeoutMilliseconds: timeout, interests: interests, into: &events)
            let resumptions = state.withLock { state -> [Resumption] in
                state.sleeping = false
                var resumptions: [Resumption] = []
                for event in events {
                    dispatch(event, state: &state, into: &resumptions)
                }
                expireDeadlines(state: &state, into: &resumptions)
                return resumptions
            }
            for (continuation, result) in resumptions {
                continuation.resume(with: result)
            }
        }
    }

    private func dispatch(_ event: ReadinessEvent, state: inout State, into resumptions: inout [Resumption]) {
        if event.readable { state.registrations[event.fd]?.read.fire(into: &resumptions) }
        if event.writable { state.registrations[event.fd]?.write.fire(into: &resumptions) }
    }

    private func expireDeadlines(state: inout State, into resumptions: inout [Resumption]) {
        guard let earliest = state.earliestDeadline else { return }
        let now = ContinuousClock.now
        guard earliest <= now else { return }
        var nextEarliest: ContinuousClock.Instant?
        for index in state.registrations.values.indices {
            for interest in [Interest.read, .write] {
                let remaining = state.registrations.values[index].withDirection(interest) {
                    $0.expire(at: now, into: &resumptions)
                }
                if let remaining, nextEarliest.map({ remaining < $0 }) ?? true {
                    nextEarliest = remaining
                }
            }
        }
        state.earliestDeadline = nextEarliest
    }
}
