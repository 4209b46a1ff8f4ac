import Foundation

/// What a store call made on behalf of one Catalogue request carries: the request's deadline
/// and its id (sent to the store as `X-Opaque-Id`).
///
/// Set as a task-local value by the request's middleware; ``ClusterSearchBackend`` reads it, so
/// the ``ESModels/SearchBackend`` protocol needs no deadline parameter.
public struct StoreCallContext: Sendable {
    /// When the Catalogue request's budget runs out.
    public var deadline: ContinuousClock.Instant?
    /// The request's id.
    public var requestID: String?

    /// Creates a context.
    public init(deadline: ContinuousClock.Instant? = nil, requestID: String? = nil) {
        self.deadline = deadline
        self.requestID = requestID
    }

    /// The context of the store calls made by the current task.
    @TaskLocal public static var current = StoreCallContext()
}
