import Foundation

/// What a store call made on behalf of one incoming request carries: the request's deadline and
/// its id (sent to the cluster as `X-Opaque-Id`, so the cluster's slow log and tasks name it).
///
/// Set as a task-local value around the calls (a server's request middleware does it); a backend
/// that ``SearchBackend/honoursCallDeadlines`` ends its waits and retries by the deadline, so
/// ``SearchBackend`` needs no deadline parameter.
///
/// ```swift
/// let context = SearchCallContext(deadline: .now + .milliseconds(500), requestID: "trace-7")
/// let response = try await SearchCallContext.$current.withValue(context) {
///     try await backend.search("assetflat", request: request)
/// }
/// ```
public struct SearchCallContext: Sendable {
    /// When the caller's budget runs out (an instant of the backend's clock, the continuous
    /// clock unless a test gave it another).
    public var deadline: ContinuousClock.Instant?
    /// The caller's request id.
    public var requestID: String?

    /// Creates a context.
    public init(deadline: ContinuousClock.Instant? = nil, requestID: String? = nil) {
        self.deadline = deadline
        self.requestID = requestID
    }

    /// The context of the store calls made by the current task.
    @TaskLocal public static var current = SearchCallContext()
}

/// A search answer as a backend has it: the bytes a cluster sent (for callers that read hits
/// straight from them, without building the `_source` trees), or the decoded response of an
/// in-process engine.
public enum SearchAnswer: Sendable {
    /// A 2xx answer's body, and the URL it came from (for messages).
    case bytes(Data, url: String)
    /// The decoded response.
    case decoded(SearchResponse)
}
