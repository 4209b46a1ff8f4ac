import Foundation
import HTTPKit
import Synchronization
import TimeKit

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
///
/// Deadlines are instants of the loop's ``clock``: the process-wide loops (``shared()``) run on
/// the real clock; a test makes its own loop on a manual clock (``init(_:clock:)``), whose
/// deadlines pass only when the test advances it.
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
        /// Tasks waiting for a condition on the loop's waits (tests; see ``waitUntil(_:)``).
        var observers: [Observer] = []
        /// How many times a task has parked on the loop (see ``Snapshot/parks``).
        var parks = 0
    }

    /// What ``waitUntil(_:)`` lets a condition see: the waits parked on the loop right now.
    package struct Snapshot {
        fileprivate let registrations: [Int32: SocketRegistration]

        /// How many times a task has parked on the loop so far: when it grows after a test sent
        /// bytes, the server has consumed them and waits again.
        package let parks: Int

        /// Whether a task waits for `interest` on `fd`.
        package func isParked(on fd: Int32, for interest: Interest) -> Bool {
            switch interest {
            case .read: registrations[fd]?.read.waiter != nil
            case .write: registrations[fd]?.write.waiter != nil
            }
        }

        /// Whether an edge for `interest` on `fd` arrived that no wait consumed yet.
        package func isReady(_ fd: Int32, for interest: Interest) -> Bool {
            switch interest {
            case .read: registrations[fd].map { $0.read.ready && $0.read.waiter == nil } ?? false
            case .write: registrations[fd].map { $0.write.ready && $0.write.waiter == nil } ?? false
            }
        }

        /// Whether some task waits for `interest` on any socket of the loop.
        package func isAnyParked(for interest: Interest) -> Bool {
            registrations.contains { fd, registration in
                fd >= 0 && (interest == .read ? registration.read.waiter : registration.write.waiter) != nil
            }
        }

        /// Whether some task waits (on a socket, or in ``EventLoop/sleep(until:)``) until exactly
        /// `deadline`.
        package func hasWait(until deadline: ContinuousClock.Instant) -> Bool {
            registrations.values.contains {
                $0.read.waiter?.deadline == deadline || $0.write.waiter?.deadline == deadline
            }
        }
    }

    fileprivate struct Observer {
        let condition: @Sendable (Snapshot) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private typealias Resumption = SocketRegistration.Resumption

    private let backend: any ReadinessBackend
    /// Which back end this loop runs on.
    package let kind: EventLoopBackend
    /// Whether the back end reports an edge on a socket no task waits for (epoll, kqueue), so
    /// that ``Snapshot/isReady(_:for:)`` can become true; poll(2) is asked only about sockets
    /// with a waiting task, and sees the edge when a task waits.
    package var reportsEdgesWithoutWaiters: Bool { !backend.needsInterests }
    /// Where the loop's deadlines are measured, and what every deadline on it is computed from.
    package let clock: MonotonicClock
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
                let loop = try EventLoop(kind, clock: .continuous)
                loops[kind] = loop
                return .success(loop)
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    /// Starts a loop of its own on `kind` whose deadlines are on `clock`: a test passes a manual
    /// clock (the shared loops stay on the real one). The loop's thread runs for the rest of the
    /// process.
    package init(_ kind: EventLoopBackend, clock: MonotonicClock) throws(ServerError) {
        self.kind = kind
        self.clock = clock
        let backend = try kind.makeReadinessBackend()
        self.backend = backend
        // A manual clock's jump may pass deadlines while the thread blocks with no timeout.
        clock.onAdvance { backend.wakeUp() }
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
                let (immediate, wake, observers) = state.withLock { state in
                    let (immediate, wake) = enqueue(waiter, for: interest, on: fd, state: &state)
                    return (immediate, wake, immediate == nil ? satisfiedObservers(&state) : [])
                }
                if let immediate { continuation.resume(with: immediate) }
                if wake { backend.wakeUp() }
                for observer in observers { observer.resume() }
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

    /// Returns once `condition` holds of the loop's waits: a test waits for the code under test to
    /// park (on a socket, or until a deadline) instead of sleeping "so the other task parks".
    /// The condition is checked now, whenever a task parks, and after every turn of the loop.
    package func waitUntil(_ condition: @escaping @Sendable (Snapshot) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let holds = state.withLock { state -> Bool in
                if condition(Snapshot(registrations: state.registrations, parks: state.parks)) { return true }
                state.observers.append(Observer(condition: condition, continuation: continuation))
                return false
            }
            if holds { continuation.resume() }
        }
    }

    /// Runs `body` on the loop's waits as they are now.
    package func withSnapshot<Result>(_ body: (Snapshot) -> Result) -> Result {
        state.withLock { body(Snapshot(registrations: $0.registrations, parks: $0.parks)) }
    }

    /// Takes the observers whose condition now holds (cheap when no test observes).
    private func satisfiedObservers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        guard !state.observers.isEmpty else { return [] }
        let snapshot = Snapshot(registrations: state.registrations, parks: state.parks)
        var satisfied: [CheckedContinuation<Void, Never>] = []
        state.observers.removeAll { observer in
            guard observer.condition(snapshot) else { return false }
            satisfied.append(observer.continuation)
            return true
        }
        return satisfied
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
        state.parks &+= 1
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
                let remaining = earliest - clock.now()
                // A manual clock moves only by advancing, which wakes the loop (see init).
                guard clock.movesByItself || remaining <= .zero else { return -1 }
                guard remaining > .zero else { return 0 }
                let (seconds, attoseconds) = remaining.components
                return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            events.removeAll(keepingCapacity: true)
            backend.wait(timeoutMilliseconds: timeout, interests: interests, into: &events)
            let (resumptions, observers) = state.withLock {
                state -> ([Resumption], [CheckedContinuation<Void, Never>]) in
                state.sleeping = false
                var resumptions: [Resumption] = []
                for event in events {
                    dispatch(event, state: &state, into: &resumptions)
                }
                expireDeadlines(state: &state, into: &resumptions)
                return (resumptions, satisfiedObservers(&state))
            }
            for (continuation, result) in resumptions {
                continuation.resume(with: result)
            }
            for observer in observers { observer.resume() }
        }
    }

    private func dispatch(_ event: ReadinessEvent, state: inout State, into resumptions: inout [Resumption]) {
        if event.readable { state.registrations[event.fd]?.read.fire(into: &resumptions) }
        if event.writable { state.registrations[event.fd]?.write.fire(into: &resumptions) }
    }

    private func expireDeadlines(state: inout State, into resumptions: inout [Resumption]) {
        guard let earliest = state.earliestDeadline else { return }
        let now = clock.now()
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
