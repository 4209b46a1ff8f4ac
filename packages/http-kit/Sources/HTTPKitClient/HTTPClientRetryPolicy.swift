import HTTPKit

/// When ``HTTPClient`` tries a request again, and how long it waits first.
///
/// A request is tried again only when that cannot do harm: when no connection could be made
/// (nothing was sent), or, for an idempotent request, when the connection failed or timed out
/// before a whole answer came, or the answer's status is one of ``retryableStatuses``. The wait
/// grows exponentially with "equal jitter" (half fixed, half random) so that many clients do
/// not retry in step, and no attempt starts that the call's deadline would not leave time for.
public struct HTTPClientRetryPolicy: Sendable, Equatable {
    /// Total attempts, the first one included (1 means no retry).
    public var maxAttempts: Int
    /// The base of the wait before the first retry.
    public var initialBackoff: Duration
    /// The longest wait between attempts.
    public var maxBackoff: Duration
    /// Answer statuses worth another attempt of an idempotent request.
    public var retryableStatuses: Set<Int>

    /// Creates a policy; the defaults are 3 attempts, waiting about 50 ms then 100 ms.
    public init(
        maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(50),
        maxBackoff: Duration = .seconds(1),
        retryableStatuses: Set<Int> = [429, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.maxBackoff = max(.zero, maxBackoff)
        self.retryableStatuses = retryableStatuses
    }

    /// No retries.
    public static let none = HTTPClientRetryPolicy(maxAttempts: 1)

    /// The wait after failed attempt number `attempt` (1-based): `b/2 + random(0...b/2)` where
    /// `b = min(maxBackoff, initialBackoff * 2^(attempt-1))`, or the server's `Retry-After`
    /// when it asks for longer (still at most `maxBackoff`).
    ///
    /// - Parameters:
    ///   - attempt: the attempt that failed, 1-based.
    ///   - retryAfter: the server's `Retry-After`, if it sent one.
    ///   - unit: a number in `0...1` (random in production, fixed in tests).
    public func backoff(afterAttempt attempt: Int, retryAfter: Duration? = nil, unit: Double) -> Duration {
        let exponent = Double(min(max(0, attempt - 1), 30))
        let base = min(maxBackoff, initialBackoff * Int(1 << Int(exponent)))
        let jittered = base / 2 + (base / 2) * min(1, max(0, unit))
        return min(maxBackoff, max(jittered, retryAfter ?? .zero))
    }
}
