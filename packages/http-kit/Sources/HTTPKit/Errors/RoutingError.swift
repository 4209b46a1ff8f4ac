/// The errors the router throws when a request matches no route.
///
/// They travel through middleware like any other error, so a middleware can catch them and
/// answer in its own format (an Elasticsearch facade answers in Elasticsearch's shape).
public enum RoutingError: HTTPResponseError, CustomStringConvertible, Equatable {
    /// No route has this path: 404.
    case notFound(method: HTTPMethod, path: String)
    /// Routes have this path, but none for this method: 405 with an `Allow` header.
    case methodNotAllowed(method: HTTPMethod, path: String, allowed: [HTTPMethod])

    public var status: HTTPStatus {
        switch self {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        }
    }

    public var description: String {
        switch self {
        case .notFound(let method, let path):
            "no route for '\(method) \(path)'; check the path"
        case .methodNotAllowed(let method, let path, let allowed):
            "method '\(method)' is not allowed on '\(path)'; use one of "
                + allowed.map { "'\($0)'" }.joined(separator: ", ")
        }
    }

    /// The default error body, plus `Allow` for 405.
    public func response(context: RequestContext) -> Response {
        var headers: HTTPHeaders = [:]
        if case .methodNotAllowed(_, _, let allowed) = self {
            headers.add(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
        }
        return Response.error(status: status, message: description, headers: headers)
    }
}
