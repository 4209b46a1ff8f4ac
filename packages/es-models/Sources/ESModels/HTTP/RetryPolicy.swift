import Foundation

/// When ``HTTPSearchBackend`` tries a request again: on 429, 502, 503 and 504 answers and on
/// connection failures and timeouts (never on other 4xx or 5xx answers), with exponential
/// backoff, a bounded number of times.
public struct RetryPolicy: Sendable, Equatable {
    /// Total attempts, the first one included (1 means no retry).
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialBackoff: Duration
    /// The longest wait between attempts.
    public var maxBackoff: Duration
    /// How much the wait grows after each retry.
    public var multiplier: Double
    /// The answer statuses worth retrying.
    public var retryableStatuses: Set<Int>

    /// Creates a policy; the defaults are 3 attempts, waiting 0.1 s then 0.2 s (at most 2 s).
    public init(
        maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(100),
        maxBackoff: Duration = .seconds(2),
        multiplier: Double = 2,
        retryableStatuses: Set<Int> = [429, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.maxBackoff = max(.zero, maxBackoff)
        self.multiplier = max(1, multiplier)
        self.retryableStatuses = retryableStatuses
    }

    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait after failed attempt number `attempt` (1-based):
    /// `min(maxBackoff, initialBackoff * multiplier^(attempt-1))`, or the server's
    /// `Retry-After` when it asks for longer (still capped by `maxBackoff`).
    public func backoff(afterAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration {
        let exponential = initialBackoff * pow(multiplier, Double(max(0, attempt - 1)))
        return min(maxBackoff, max(exponential, retryAfter ?? .zero))
    }
}
