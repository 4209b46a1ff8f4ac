/// Routes that share a path prefix and middleware; created by ``Router/group(_:)``.
///
/// ```swift
/// let api = router.group("/catalogue").add(middleware: RequireClientHeader())
/// api.get("/by_id") { request, context in ... }        // GET /catalogue/by_id
/// ```
public struct RouterGroup: RouteBuilder, Sendable {
    let router: Router
    let prefix: RoutePattern
    let middlewares: [any Middleware]

    /// A group with the same prefix whose routes also run `middleware` (after the router's
    /// middleware and this group's earlier ones).
    public func add(middleware: some Middleware) -> RouterGroup {
        RouterGroup(router: router, prefix: prefix, middlewares: middlewares + [middleware])
    }

    /// A nested group whose prefix is this group's followed by `prefix`.
    public func group(_ prefix: String) -> RouterGroup {
        RouterGroup(
            router: router, prefix: self.prefix.appending(RoutePattern(prefix)), middlewares: middlewares)
    }

    /// Registers `handler` for `method` and the group's prefix followed by `path`.
    @discardableResult
    public func on(_ path: String, method: HTTPMethod, use handler: @escaping RouteHandler) -> RouterGroup {
        router.register(
            prefix.appending(RoutePattern(path)), method: method, handler: middlewares.wrapping(handler))
        return self
    }
}
