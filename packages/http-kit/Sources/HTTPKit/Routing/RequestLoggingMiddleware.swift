/// Logs one line per request once its response is known: method, path, status and duration,
/// for example `info http: GET /catalogue/by_id 200 1.42ms request_id=4be1f0a2c3d4e5f6`.
///
/// Thrown errors are logged with the status they will be rendered with (500 for errors that
/// are not ``HTTPResponseError``) and then rethrown unchanged. The query string is not logged:
/// it can be long and can hold personal data.
public struct RequestLoggingMiddleware: Middleware {
    /// The level of the per-request lines.
    public var level: Logger.Level

    /// Creates the middleware.
    public init(level: Logger.Level = .info) {
        self.level = level
    }

    public func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws
        -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status, since: start, logger: context.logger)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            log(request, status: status, since: start, logger: context.logger)
            throw error
        }
    }

    private func log(
        _ request: Request, status: HTTPStatus, since start: ContinuousClock.Instant, logger: Logger
    ) {
        guard logger.isEnabled(level) else { return }
        let elapsed = ContinuousClock.now - start
        logger.log(level, "\(request.method) \(request.path) \(status.code) \(Self.format(elapsed))")
    }

    /// A duration in milliseconds with two decimals, such as `1.42ms`.
    package static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms"
    }
}
