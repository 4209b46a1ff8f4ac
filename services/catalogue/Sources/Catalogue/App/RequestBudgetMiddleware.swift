import ESModels
import HTTPKit
import TimeKit

/// Gives every request one deadline for all its store calls, and its id to send to the store.
struct RequestBudgetMiddleware: Middleware {
    let timeout: Duration
    /// The catalogue's clock, which the deadline is on.
    let clock: MonotonicClock

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        let call = SearchCallContext(deadline: clock.now() + timeout, requestID: context.requestID)
        return try await SearchCallContext.$current.withValue(call) { try await next(request, context) }
    }
}
