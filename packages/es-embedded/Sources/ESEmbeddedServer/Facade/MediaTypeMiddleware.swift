import HTTPKit

/// Answers in the media type the client asked for, as Elasticsearch 8 does: a request whose
/// `Accept` names `application/vnd.elasticsearch+json;compatible-with=N` (N 7 or 8, what the
/// official clients send) gets its JSON answer, errors included, with that `Content-Type`
/// instead of `application/json`.
///
/// Registered outside the error middleware, so that error envelopes pass through it too.
struct MediaTypeMiddleware: Middleware {
    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        var response = try await next(request, context)
        guard let accept = request.headers["Accept"],
            let version = CompatibilityMiddleware.compatibleVersion(accept), version == 7 || version == 8,
            response.headers["Content-Type"] == "application/json"
        else { return response }
        response.headers.replaceOrAdd(
            name: "Content-Type", value: "application/vnd.elasticsearch+json;compatible-with=\(version)")
        return response
    }
}
