import HTTPKit
import HTTPKitServer
import Testing

@Suite struct AcceptBackoffTests {
    @Test func doublesTheWaitUpToTheMaximumAndLogsAnEpisodeOnce() {
        var backoff = AcceptBackoff(initialDelay: .milliseconds(10), maxDelay: .milliseconds(50))
        let start = ContinuousClock.now
        let failures = (0..<5).map { backoff.recordFailure(at: start + .milliseconds($0)) }
        #expect(failures.map(\.wait) == [10, 20, 40, 50, 50].map { Duration.milliseconds($0) })
        #expect(failures.map(\.log) == [true, false, false, false, false])
        let ended = backoff.recordSuccess()
        #expect(ended == 5)
        #expect(backoff.failures == 0)
        let nothingToEnd = backoff.recordSuccess()
        #expect(nothingToEnd == nil)

        // A new episode restarts at the initial wait; within the quiet period it is not logged.
        let again = backoff.recordFailure(at: start + .seconds(1))
        #expect(again.wait == .milliseconds(10))
        #expect(!again.log)
        let quietEnd = backoff.recordSuccess()
        #expect(quietEnd == nil)
        let later = backoff.recordFailure(at: start + .seconds(61))
        #expect(later.log)
    }

    @Test func throttlesNoticesToOnePerQuietPeriod() {
        var throttle = NoticeThrottle(quietPeriod: .seconds(10))
        let start = ContinuousClock.now
        let allowed = [0, 9, 10, 11].map { throttle.allows(at: start + .seconds($0)) }
        #expect(allowed == [true, false, true, false])
    }
}
