import Foundation
import HTTPKit

/// The moment a preview request asks to see (`at`), kept for the request's handlers.
public enum PreviewMomentKey: ContextKey {
    public typealias Value = Date
}

/// Reads the `at` query parameter (an RFC 3339 date-time, or a date) of a request to
/// `/catalogue` or `/preview`: in a preview run (``CatalogueConfiguration/preview``) the request
/// is answered as at that moment, with `Cache-Control: no-store` (another moment's answer is no
/// answer for now); otherwise it is refused with a 400, so that a production service never
/// shows anything but now.
struct PreviewMomentMiddleware: Middleware {
    /// The parameter's name.
    static let parameter = "at"

    /// Whether the service is a preview run.
    let enabled: Bool

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        guard let text = request.query[Self.parameter] else { return try await next(request, context) }
        guard enabled else {
            throw CatalogueError.invalidParameter(
                name: Self.parameter, value: text,
                expected:
                    "is honoured only by a catalogue started with '--preview' (a preview for editors, never production); leave it out for now"
            )
        }
        var context = context
        if let moment = try request.query.date(Self.parameter) {
            context.storage[PreviewMomentKey.self] = moment
        }
        var response = try await next(request, context)
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }
}
