import Catalogue
import Testing
import TimeKitTesting

/// The breaker's states on a clock the test moves.
@Suite struct CircuitBreakerTests {
    let time = ManualClock()

    func breaker(threshold: Int = 3) -> CircuitBreaker {
        CircuitBreaker(
            configuration: CircuitBreaker.Configuration(
                failureThreshold: threshold, openDuration: .seconds(5)),
            clock: time.clock)
    }

    @Test func opensAfterTheThresholdOfFailuresInARowOnly() {
        let breaker = breaker()
        breaker.record(success: false)
        breaker.record(success: false)
        breaker.record(success: true)
        breaker.record(success: false)
        breaker.record(success: false)
        #expect(breaker.state == .closed, "a success in between starts the count again")
        #expect(breaker.admit() == .allowed)
        breaker.record(success: false)
        #expect(breaker.state == .open)
        #expect(breaker.admit() == .refused(retryAfter: .seconds(5)))
        time.advance(by: .seconds(2))
        #expect(breaker.admit() == .refused(retryAfter: .seconds(3)))
    }

    @Test func oneProbeAtATimeAndItsOutcomeDecides() {
        let breaker = breaker(threshold: 1)
        breaker.record(success: false)
        time.advance(by: .seconds(5))
        #expect(breaker.state == .halfOpen)
        #expect(breaker.admit() == .probe)
        #expect(breaker.admit() == .refused(retryAfter: .seconds(5)), "the others wait for the probe")
        breaker.record(success: false, probe: true)
        #expect(breaker.state == .open)
        #expect(breaker.admit() == .refused(retryAfter: .seconds(5)))
        time.advance(by: .seconds(6))
        #expect(breaker.admit() == .probe)
        breaker.record(success: true, probe: true)
        #expect(breaker.state == .closed)
        #expect(breaker.admit() == .allowed)
    }
}
