import ESModels
import HTTPKit

/// What an Elasticsearch 8 node checks before routing: the compatible version a client asks
/// for in `Accept` and `Content-Type` (`compatible-with=9` is refused with
/// `media_type_header_exception`), and paths whose first segment is an API we do not have
/// (`/_nodes`, `/_cat/...`), which must not be taken for an index name. Echoes `X-Opaque-Id`.
struct CompatibilityMiddleware: Middleware {
    /// First path segments of the APIs the facade serves; any other one starting with `_` has no handler.
    static let knownAPIs: Set<String> = [
        "_search", "_count", "_bulk", "_aliases", "_alias", "_mapping", "_refresh", "_cluster", "_pit",
        "_all", "_reindex", "_mget", "_msearch", "_data_stream", "_settings", "_index_template",
    ]

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        try checkCompatibleVersions(request)
        if let first = request.pathSegments.first, first.hasPrefix("_"), !Self.knownAPIs.contains(first),
            request.method != .put
        {
            throw RoutingError.notFound(method: request.method, path: request.path)
        }
        var response = try await next(request, context)
        if let opaque = request.headers["X-Opaque-Id"] {
            response.headers.replaceOrAdd(name: "X-Opaque-Id", value: opaque)
        }
        return response
    }

    private func checkCompatibleVersions(_ request: Request) throws {
        let accept = request.headers["Accept"]
        let contentType = request.body.isEmpty ? nil : request.headers["Content-Type"]
        let acceptVersion = accept.flatMap(Self.compatibleVersion)
        let contentVersion = contentType.flatMap(Self.compatibleVersion)
        func refuse(_ reason: String) -> ElasticsearchError {
            ElasticsearchError(
                type: "media_type_header_exception",
                reason: "Invalid media-type value on headers [Accept, Content-Type]",
                status: 400, causedBy: ErrorCause(type: "status_exception", reason: reason))
        }
        if let acceptVersion, acceptVersion != 7 && acceptVersion != 8 {
            throw refuse(
                "Accept version must be either version 8 or 7, but found \(acceptVersion). Accept=\(accept ?? "")"
            )
        }
        if let contentVersion, contentVersion != 7 && contentVersion != 8 {
            throw refuse(
                "Content-Type version must be either version 8 or 7, but found \(contentVersion). Content-Type=\(contentType ?? "")"
            )
        }
        if contentType != nil, acceptVersion != nil || contentVersion != nil, acceptVersion != contentVersion
        {
            throw refuse(
                "A compatible version is required on both Content-Type and Accept headers if either one has requested a "
                    + "compatible version and the compatible versions must match. Accept=\(accept ?? "null"), "
                    + "Content-Type=\(contentType ?? "null")")
        }
    }

    /// The `compatible-with` version of an Elasticsearch media type, if it names one.
    static func compatibleVersion(_ header: String) -> Int? {
        let lowered = header.lowercased()
        guard lowered.contains("vnd.elasticsearch"), let range = lowered.range(of: "compatible-with=") else {
            return nil
        }
        return Int(lowered[range.upperBound...].prefix { $0.isNumber })
    }
}
