/// The next stage of a middleware chain: the following middleware, or the router's dispatch.
public typealias NextResponder = @Sendable (Request, RequestContext) async throws -> Response

/// Code that runs around request handling: it can change the request or context, answer
/// early, change the response, or observe errors.
///
/// Errors thrown by later stages reach the middleware as errors (they are rendered into
/// responses only after the whole chain), so a middleware can catch and translate them.
///
/// ```swift
/// struct RequireClientHeader: Middleware {
///     func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
///         guard request.headers["Catalogue-Client"] != nil else {
///             throw HTTPError(.badRequest, message: "missing header 'Catalogue-Client'")
///         }
///         return try await next(request, context)
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    /// Handles `request`, calling `next` to continue the chain.
    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response
}

/// A middleware written as a closure.
public struct ClosureMiddleware: Middleware {
    private let body: @Sendable (Request, RequestContext, NextResponder) async throws -> Response

    /// Wraps `body` as a middleware.
    public init(_ body: @escaping @Sendable (Request, RequestContext, NextResponder) async throws -> Response)
    {
        self.body = body
    }

    public func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws
        -> Response
    {
        try await body(request, context, next)
    }
}

extension Array where Element == any Middleware {
    /// `handler` wrapped by the middleware, the first element outermost.
    func wrapping(_ handler: @escaping NextResponder) -> NextResponder {
        reversed().reduce(handler) { next, middleware in
            { request, context in try await middleware.handle(request, context: context, next: next) }
        }
    }
}
