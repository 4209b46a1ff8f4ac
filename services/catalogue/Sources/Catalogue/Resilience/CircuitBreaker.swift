import Synchronization
import TimeKit

/// Stops sending requests to a search store that keeps failing, and tries it again now and then.
///
/// Closed: calls go through; `failureThreshold` failures in a row open it. Open: calls are
/// refused at once (a 503 without waiting for the store) until `openDuration` has passed.
/// Then half-open: one call goes through as a probe while the others are still refused; its
/// success closes the breaker, its failure opens it again for another `openDuration`.
public final class CircuitBreaker: Sendable {
    /// The breaker's settings.
    public struct Configuration: Sendable, Equatable {
        /// Failures in a row that open the breaker.
        public var failureThreshold: Int
        /// How long it stays open before a probe.
        public var openDuration: Duration

        /// Creates settings; the defaults open after 5 failures in a row, for 5 s.
        public init(failureThreshold: Int = 5, openDuration: Duration = .seconds(5)) {
            self.failureThreshold = max(1, failureThreshold)
            self.openDuration = openDuration
        }
    }

    /// The breaker's state, as metrics and health report it.
    public enum State: String, Sendable, Equatable {
        case closed
        case open
        case halfOpen = "half_open"
    }

    /// Whether a call may go to the store.
    public enum Admission: Sendable, Equatable {
        /// Yes.
        case allowed
        /// Yes, as the half-open probe: its outcome decides the breaker's state.
        case probe
        /// No: the breaker is open; try again after this long.
        case refused(retryAfter: Duration)
    }

    private struct Store {
        var state = State.closed
        var failures = 0
        var openedAt: ContinuousClock.Instant?
        var probing = false
    }

    /// The settings.
    public let configuration: Configuration
    private let clock: MonotonicClock
    private let store = Mutex(Store())

    /// Creates a closed breaker.
    public init(configuration: Configuration, clock: MonotonicClock) {
        self.configuration = configuration
        self.clock = clock
    }

    /// The current state (an open breaker whose time is up reads as half-open).
    public var state: State {
        let now = clock.now()
        return store.withLock { store in
            if store.state == .open, let openedAt = store.openedAt,
                now - openedAt >= configuration.openDuration
            {
                return .halfOpen
            }
            return store.state
        }
    }

    /// Asks to make a call; report its outcome with ``record(success:)``.
    public func admit() -> Admission {
        let now = clock.now()
        return store.withLock { store in
            switch store.state {
            case .closed:
                return .allowed
            case .open, .halfOpen:
                let openedAt = store.openedAt ?? now
                let elapsed = now - openedAt
                if elapsed < configuration.openDuration {
                    return .refused(retryAfter: configuration.openDuration - elapsed)
                }
                if store.probing { return .refused(retryAfter: configuration.openDuration) }
                store.state = .halfOpen
                store.probing = true
                return .probe
            }
        }
    }

    /// Records a call's outcome: `success` when the store answered (even with an error that is
    /// the caller's fault), `false` when it could not be reached, timed out or was overloaded.
    public func record(success: Bool, probe: Bool = false) {
        let now = clock.now()
        store.withLock { store in
            if probe { store.probing = false }
            if success {
                if probe || store.state == .closed {
                    store.state = .closed
                    store.failures = 0
                    store.openedAt = nil
                }
                return
            }
            switch store.state {
            case .closed:
                store.failures += 1
                if store.failures >= configuration.failureThreshold {
                    store.state = .open
                    store.openedAt = now
                }
            case .halfOpen, .open:
                if probe || store.state == .halfOpen {
                    store.state = .open
                    store.openedAt = now
                }
            }
        }
    }
}
