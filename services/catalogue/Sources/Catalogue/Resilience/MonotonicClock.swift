import Synchronization

/// Where elapsed time comes from (deadlines, the circuit breaker), injected so tests can move it.
///
/// ```swift
/// let clock = MonotonicClock.continuous          // the real one, for executables
/// let manual = ManualMonotonicClock()             // tests: manual.advance(by: .seconds(5))
/// ```
public struct MonotonicClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> ContinuousClock.Instant

    /// Creates a clock from a closure.
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.now = now
    }

    /// The system's monotonic clock.
    public static let continuous = MonotonicClock { ContinuousClock.now }
}

/// A monotonic clock that moves only when told to.
public final class ManualMonotonicClock: Sendable {
    private let instant: Mutex<ContinuousClock.Instant>

    /// Creates a clock standing at the real clock's current instant.
    public init() {
        instant = Mutex(ContinuousClock.now)
    }

    /// Moves the clock forward.
    public func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }

    /// The clock as a ``MonotonicClock``.
    public var clock: MonotonicClock {
        MonotonicClock { [self] in instant.withLock { $0 } }
    }
}
