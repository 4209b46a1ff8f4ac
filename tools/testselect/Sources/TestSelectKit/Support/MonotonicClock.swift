/// A monotonic clock as a struct of closures: where testselect reads the time and waits for it, so
/// that tests drive heartbeats and time limits with a manual clock instead of waiting in real time.
///
/// This is the dependency-free copy of `packages/time-kit`'s `MonotonicClock` (the root package
/// depends on nothing); keep the two the same shape. The executable passes `.continuous`; tests
/// pass `ManualClock().clock` from `TestSelectTestSupport`.
///
/// ```swift
/// let clock = MonotonicClock.continuous
/// try await clock.sleep(for: .seconds(10))
/// ```
public struct MonotonicClock: Sendable {
    /// The time now.
    public var now: @Sendable () -> ContinuousClock.Instant
    /// Suspends until `deadline` on this clock (throws `CancellationError` when cancelled).
    public var sleep: @Sendable (_ until: ContinuousClock.Instant) async throws -> Void
    /// Calls `action` every time this clock jumps forward (a manual clock's `advance`); the real
    /// clock never calls it.
    public var onAdvance: @Sendable (_ action: @escaping @Sendable () -> Void) -> Void
    /// False for a manual clock: real time passing does not move it.
    public var movesByItself: Bool

    /// Creates a clock from its parts.
    public init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (_ until: ContinuousClock.Instant) async throws -> Void,
        onAdvance: @escaping @Sendable (_ action: @escaping @Sendable () -> Void) -> Void = { _ in },
        movesByItself: Bool = true
    ) {
        self.now = now
        self.sleep = sleep
        self.onAdvance = onAdvance
        self.movesByItself = movesByItself
    }

    /// The real `ContinuousClock` (the live wiring of the executable).
    public static let continuous = MonotonicClock(
        now: { ContinuousClock.now },
        sleep: { deadline in try await Task.sleep(until: deadline, clock: .continuous) })

    /// Suspends for `duration` from now on this clock.
    public func sleep(for duration: Duration) async throws {
        try await sleep(now() + duration)
    }
}

extension MonotonicClock {
    /// Suspends until `deadline` on this clock (the labelled spelling of `sleep`).
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await sleep(deadline)
    }
}
