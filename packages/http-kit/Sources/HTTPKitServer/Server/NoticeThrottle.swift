import HTTPKit

/// Lets a recurring condition be logged once, then stay quiet for a while: a server that sits
/// at a limit would otherwise write a line every time it touches it.
package struct NoticeThrottle {
    /// How long after a line the same condition stays quiet.
    package let quietPeriod: Duration
    private var lastLogged: ContinuousClock.Instant?

    /// Creates a throttle that allows a line, then none for `quietPeriod`.
    package init(quietPeriod: Duration) {
        self.quietPeriod = quietPeriod
    }

    /// Whether to log at `now`; a `true` starts a quiet period.
    package mutating func allows(at now: ContinuousClock.Instant) -> Bool {
        if let lastLogged, now - lastLogged < quietPeriod { return false }
        lastLogged = now
        return true
    }
}
