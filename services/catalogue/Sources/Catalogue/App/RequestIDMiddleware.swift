import HTTPKit

/// Answers every request with its id in `X-Request-Id` (the client's own `X-Request-ID`, or one
/// made for it), the id every log line of the request and every store call (`X-Opaque-Id`)
/// carries, so one grep follows a request through the Catalogue and the store.
struct RequestIDMiddleware: Middleware {
    static let headerName = "X-Request-Id"

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = error.response(context: context)
        }
        response.headers.replaceOrAdd(name: Self.headerName, value: context.requestID)
        return response
    }
}
