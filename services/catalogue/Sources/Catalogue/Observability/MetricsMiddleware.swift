import HTTPKit
import TimeKit

/// Counts every request and times it, for `/metrics`.
struct MetricsMiddleware: Middleware {
    let metrics: CatalogueMetrics
    let clock: MonotonicClock
    /// The routes served, to label requests by pattern rather than by path.
    let routes: Set<String>

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        let started = clock.now()
        metrics.started()
        var status = 500
        defer {
            let elapsed = clock.now() - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            metrics.finished(
                route: route(of: request.path), status: status, platform: Self.platform(of: request),
                seconds: seconds)
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as any HTTPResponseError {
            status = error.status.code
            throw error
        }
    }

    func route(of path: String) -> String {
        if routes.contains(path) { return path }
        if path.hasPrefix("/catalogue/asset/") { return "/catalogue/asset/{uuid}" }
        if path.hasPrefix("/catalogue/rows/") { return "/catalogue/rows/{slug}" }
        return "unmatched"
    }

    static func platform(of request: Request) -> String {
        let values = request.headers.values(for: ClientPlatform.headerName)
        guard let value = values.first?.trimmingHTTPWhitespace().lowercased(), values.count == 1,
            !value.isEmpty
        else { return values.isEmpty ? ClientPlatform.website.rawValue : "invalid" }
        return ClientPlatform(rawValue: value)?.rawValue ?? "invalid"
    }
}
