import HTTPKit

/// How the accept loop rides out failing `accept` calls, usually descriptor exhaustion
/// caused elsewhere in the process: the pending connection keeps the listener readable, so
/// retrying at once would spin a core. Each failure in a row doubles the wait, from
/// `initialDelay` up to `maxDelay`; an episode of failures is logged once, at its start.
package struct AcceptBackoff {
    /// The wait after the first failure of an episode.
    package let initialDelay: Duration
    /// The longest wait (it also bounds how late a shutdown is noticed during an episode).
    package let maxDelay: Duration
    /// The failures in a row so far (0 once an `accept` succeeds).
    package private(set) var failures = 0
    private var delay: Duration
    private var episodeLogged = false
    private var throttle: NoticeThrottle

    /// Creates a backoff; a new episode within `quietPeriod` of a logged one is not logged.
    package init(
        initialDelay: Duration = .milliseconds(10), maxDelay: Duration = .milliseconds(200),
        quietPeriod: Duration = .seconds(60)
    ) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.delay = initialDelay
        self.throttle = NoticeThrottle(quietPeriod: quietPeriod)
    }

    /// Records a failure at `now`: how long to wait before the next `accept`, and whether
    /// this failure starts an episode worth a log line.
    package mutating func recordFailure(at now: ContinuousClock.Instant) -> (wait: Duration, log: Bool) {
        failures += 1
        let wait = failures == 1 ? initialDelay : min(delay * 2, maxDelay)
        delay = wait
        let log = failures == 1 && throttle.allows(at: now)
        if failures == 1 { episodeLogged = log }
        return (wait, log)
    }

    /// Records a successful `accept`; returns the number of failures of the episode it ends
    /// when that episode was logged (so its end can be logged too), `nil` otherwise.
    package mutating func recordSuccess() -> Int? {
        defer {
            failures = 0
            episodeLogged = false
        }
        return failures > 0 && episodeLogged ? failures : nil
    }
}
