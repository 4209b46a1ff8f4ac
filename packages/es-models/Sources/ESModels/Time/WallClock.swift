import Foundation

/// Where "now" comes from, injected so tests can freeze time.
///
/// Library code never calls `Date()` to decide anything; it asks a `WallClock`.
/// ```swift
/// let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))
/// clock.now()          // always the same instant
/// WallClock.system     // the real clock, for executables
/// ```
public struct WallClock: Sendable {
    /// Returns the current instant.
    public var now: @Sendable () -> Date

    /// Creates a clock from a closure.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system's real-time clock.
    public static let system = WallClock { Date() }

    /// A clock that always answers `date`.
    public static func frozen(at date: Date) -> WallClock {
        WallClock { date }
    }

    /// A clock running `offset` seconds ahead of (or, negative, behind) this one.
    public func offset(by seconds: TimeInterval) -> WallClock {
        let base = now
        return WallClock { base().addingTimeInterval(seconds) }
    }

    /// The current instant in milliseconds since the epoch, as Elasticsearch counts time.
    public var nowMillis: Int {
        now().epochMillis
    }
}

extension Date {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded down.
    public var epochMillis: Int {
        // A microsecond of slack absorbs the floating-point error of dates built from whole
        // milliseconds, so that `Date(epochMillis: n).epochMillis == n`.
        Int((timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
    }

    /// The instant `millis` milliseconds after 1970-01-01T00:00:00Z.
    public init(epochMillis millis: Int) {
        self.init(timeIntervalSince1970: TimeInterval(millis) / 1000)
    }
}
