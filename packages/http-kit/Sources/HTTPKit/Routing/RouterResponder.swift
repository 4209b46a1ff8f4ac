/// A router frozen for serving: the route tree and the middleware chain around dispatch.
///
/// Built by ``Router/buildResponder()``; it is a value and safe to share across requests.
public struct RouterResponder: HTTPResponder {
    private let trie: RouteTrie
    private let chain: NextResponder

    init(trie: RouteTrie, middlewares: [any Middleware]) {
        self.trie = trie
        self.chain = middlewares.wrapping { request, context in
            try await Self.dispatch(request, context: context, trie: trie)
        }
    }

    public func respond(to request: Request, context: RequestContext) async throws -> Response {
        try await chain(request, context)
    }

    private static func dispatch(_ request: Request, context: RequestContext, trie: RouteTrie) async throws
        -> Response
    {
        switch trie.match(method: request.method, segments: request.pathSegments) {
        case .found(let endpoint, let parameters):
            var context = context
            context.parameters = parameters
            context.route = endpoint.route
            return try await endpoint.handler(request, context)
        case .methodNotAllowed(let allowed):
            throw RoutingError.methodNotAllowed(method: request.method, path: request.path, allowed: allowed)
        case .notFound:
            throw RoutingError.notFound(method: request.method, path: request.path)
        }
    }
}
