import HTTPKit
import HTTPKitServer
import Testing

@Suite struct ConnectionLimiterTests {
    @Test func givesSlotsUpToTheLimitThenHandsReleasedOnesToWaiters() async throws {
        let limiter = ConnectionLimiter(limit: 2)
        #expect(limiter.tryAcquire())
        #expect(await limiter.acquire())
        #expect(!limiter.tryAcquire())
        let waiter = Task { await limiter.acquire() }
        await limiter.waitForWaiters(1)
        limiter.release()
        #expect(await waiter.value)
        #expect(limiter.taken == 2)
        #expect(!limiter.tryAcquire())
    }

    @Test func endsWaitsWhenClosedOrCancelled() async throws {
        let limiter = ConnectionLimiter(limit: 1)
        #expect(limiter.tryAcquire())
        let cancelled = Task { await limiter.acquire() }
        await limiter.waitForWaiters(1)
        cancelled.cancel()
        #expect(await cancelled.value == false)

        let closed = Task { await limiter.acquire() }
        await limiter.waitForWaiters(1)
        limiter.close()
        #expect(await closed.value == false)
        #expect(await limiter.acquire() == false)
        limiter.release()
        #expect(limiter.taken == 0)
        #expect(!limiter.tryAcquire())
    }

    @Test func allowsAtLeastOneSlot() {
        let limiter = ConnectionLimiter(limit: 0)
        #expect(limiter.limit == 1)
        #expect(limiter.tryAcquire())
        #expect(!limiter.tryAcquire())
    }
}
