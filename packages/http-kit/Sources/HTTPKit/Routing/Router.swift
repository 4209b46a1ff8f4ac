import Synchronization

/// The signature of route handlers.
public typealias RouteHandler = @Sendable (Request, RequestContext) async throws -> Response

/// Maps method and path to handlers, with middleware around them.
///
/// Patterns are paths whose `{name}` segments are parameters; literal segments win over
/// parameters, a known path with another method answers 405, an unknown path 404, and `HEAD`
/// uses the `GET` handler when no `HEAD` handler is registered (the body is dropped).
///
/// ```swift
/// let router = Router()
/// router.add(middleware: RequestLoggingMiddleware())
/// router.get("/catalogue/asset/{uuid}") { request, context in
///     let uuid = try context.parameters.require("uuid")
///     return try .json(["uuid": uuid])
/// }
/// let catalogue = router.group("/catalogue")
/// catalogue.get("/by_id") { request, context in
///     try .json(["ids": request.query.values("id", separatedBy: ",")])
/// }
/// ```
public final class Router: RouteBuilder, Sendable {
    private struct State {
        var trie = RouteTrie()
        var middlewares: [any Middleware] = []
        var routes: [(method: HTTPMethod, pattern: String)] = []
    }

    private let state = Mutex(State())

    /// Creates an empty router.
    public init() {}

    /// Adds a middleware that runs for every request, including those that match no route;
    /// middleware run in the order they are added, the first outermost.
    public func add(middleware: some Middleware) {
        state.withLock { $0.middlewares.append(middleware) }
    }

    /// Registers `handler` for `method` and `path`, replacing an earlier registration of the
    /// same method and path.
    @discardableResult
    public func on(_ path: String, method: HTTPMethod, use handler: @escaping RouteHandler) -> Router {
        register(RoutePattern(path), method: method, handler: handler)
        return self
    }

    /// A group whose routes share `prefix` (and middleware added to the group).
    public func group(_ prefix: String) -> RouterGroup {
        RouterGroup(router: self, prefix: RoutePattern(prefix), middlewares: [])
    }

    /// The registered routes as `METHOD /pattern`, sorted; for start-up logs and tests.
    public var routeDescriptions: [String] {
        state.withLock { $0.routes.map { "\($0.method) \($0.pattern)" } }.sorted()
    }

    /// A responder holding the routes and middleware registered so far; later registrations do
    /// not change it.
    public func buildResponder() -> RouterResponder {
        state.withLock { RouterResponder(trie: $0.trie, middlewares: $0.middlewares) }
    }

    func register(_ pattern: RoutePattern, method: HTTPMethod, handler: @escaping NextResponder) {
        state.withLock { state in
            state.trie.insert(RouteTrie.Endpoint(pattern: pattern, handler: handler), method: method)
            state.routes.removeAll { $0.method == method && $0.pattern == pattern.description }
            state.routes.append((method, pattern.description))
        }
    }
}
