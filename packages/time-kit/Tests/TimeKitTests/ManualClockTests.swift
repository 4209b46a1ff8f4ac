import Synchronization
import Testing
import TimeKit
import TimeKitTesting

@Suite struct ManualClockTests {
    @Test func sleepersResumeOnlyWhenTheirDeadlineIsReachedInDeadlineOrder() async throws {
        let time = ManualClock()
        let clock = time.clock
        let start = clock.now()
        let order = Recorded<[Int]>([])
        let late = Task {
            try await clock.sleep(until: start + .seconds(2))
            order.withLock { $0.append(2) }
        }
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            order.withLock { $0.append(1) }
        }
        await time.waitForSleepers(2)
        time.advance(by: .milliseconds(999))
        #expect(time.sleeperCount == 2)
        time.advance(by: .milliseconds(1))
        try await early.value
        #expect(time.sleeperCount == 1)
        #expect(order.withLock { $0 } == [1])
        time.advance(to: start + .seconds(5))
        try await late.value
        #expect(order.withLock { $0 } == [1, 2])
        #expect(clock.now() == start + .seconds(5))
    }

    @Test func aDeadlineAlreadyPassedDoesNotPark() async throws {
        let time = ManualClock()
        try await time.clock.sleep(until: time.now)
        try await time.clock.sleep(for: .zero)
        #expect(time.sleeperCount == 0)
    }

    @Test func advancingToThePastKeepsTheClockWhereItIs() {
        let time = ManualClock()
        let start = time.now
        time.advance(by: .seconds(3))
        time.advance(to: start)
        #expect(time.now == start + .seconds(3))
    }

    @Test func cancellationEndsASleepWithCancellationError() async {
        let time = ManualClock()
        let sleeping = Task { try await time.clock.sleep(for: .seconds(60)) }
        await time.waitForSleepers(1)
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(time.sleeperCount == 0)
    }

    @Test func aTaskCancelledBeforeItSleepsDoesNotPark() async {
        let time = ManualClock()
        let sleeping = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await time.clock.sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(time.sleeperCount == 0)
    }

    @Test func advanceActionsRunOnEveryAdvanceAndNeverOnTheRealClock() {
        let time = ManualClock()
        let calls = Recorded(0)
        time.clock.onAdvance { calls.withLock { $0 += 1 } }
        time.advance(by: .seconds(1))
        time.advance(by: .seconds(1))
        #expect(calls.withLock { $0 } == 2)
        #expect(!time.clock.movesByItself)
        #expect(MonotonicClock.continuous.movesByItself)
    }

    @Test func theContinuousClockSleepsOnRealTime() async throws {
        let clock = MonotonicClock.continuous
        let start = clock.now()
        try await clock.sleep(for: .milliseconds(1))
        // A lower bound only: a loaded machine can only make the sleep longer.
        #expect(clock.now() - start >= .milliseconds(1))
    }
}

/// A value tasks of a test append to.
private final class Recorded<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ initial: Value) { value = Mutex(initial) }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}
