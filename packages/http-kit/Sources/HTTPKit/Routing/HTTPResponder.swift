/// Something that turns requests into responses: a built router, or your own type.
///
/// Errors it throws are rendered by the application: ``HTTPResponseError``s with their own
/// ``HTTPResponseError/response(context:)``, anything else as a logged 500.
public protocol HTTPResponder: Sendable {
    /// The response to `request`.
    func respond(to request: Request, context: RequestContext) async throws -> Response
}
