/// Where elapsed time comes from, and how to wait for it: injected into every timing decision
/// (deadlines, back-off, retries, caches) so that a test can move time instead of waiting.
///
/// A struct of closures, as swift-dependencies models its clocks. Executables pass
/// ``continuous``; tests pass a `ManualClock`'s view (TimeKitTesting).
///
/// The root package (testselect), which depends on nothing, keeps a deliberate copy of the same
/// shape in `tools/testselect/Sources/TestSelectKit/Support/MonotonicClock.swift`: change both.
///
/// ```swift
/// let clock = MonotonicClock.continuous
/// let deadline = clock.now() + .seconds(5)
/// try await clock.sleep(until: deadline)
/// ```
public struct MonotonicClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> ContinuousClock.Instant

    /// Suspends until `deadline` on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public var sleep: @Sendable (_ until: ContinuousClock.Instant) async throws -> Void

    /// Calls `action` every time this clock jumps forward (a manual clock's `advance`); the real
    /// clock never calls it. A thread that blocks in `epoll_wait` or `poll` with a timeout taken
    /// from this clock registers a wake-up here.
    public var onAdvance: @Sendable (_ action: @escaping @Sendable () -> Void) -> Void

    /// Whether real time passing moves this clock: `false` for a manual clock, so a loop that
    /// blocks until a deadline waits without a timeout and relies on ``onAdvance``.
    public var movesByItself: Bool

    /// Creates a clock from its closures.
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

    /// The system's monotonic clock (`ContinuousClock`), for executables.
    public static let continuous = MonotonicClock(
        now: { ContinuousClock.now },
        sleep: { deadline in try await Task.sleep(until: deadline, clock: .continuous) })

    /// Suspends for `duration` on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await sleep(now() + duration)
    }
}

extension MonotonicClock {
    /// Suspends until `deadline` on this clock (the same as calling ``sleep``).
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await sleep(deadline)
    }
}
