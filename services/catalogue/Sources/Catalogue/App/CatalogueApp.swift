import ESModels
import Foundation
import HTTPKit
import TimeKit

/// The Catalogue API: routes, handlers, query building and response shaping over any
/// ``ESModels/SearchBackend``, with "now" from an injected clock.
///
/// ```swift
/// let catalogue = CatalogueApp(
///     backend: HTTPSearchBackend(configuration: .init(baseURL: url)), clock: .system,
///     monotonic: .continuous)
/// try await catalogue.makeApplication(server: ServerConfiguration(port: 8080)).run()
/// ```
///
/// Endpoints (all `GET`, all JSON): `/catalogue/by_id`, `/catalogue/assets`,
/// `/catalogue/asset/{uuid}`, `/catalogue/search`, `/catalogue/promos`, `/catalogue/events`,
/// `/catalogue/territories`, `/catalogue/languages`, `/catalogue/categories`,
/// `/catalogue/ratings`, `/catalogue/rows`, `/catalogue/rows/{slug}`, `/health/live`,
/// `/health/ready` and `/health` (an alias of ready).
public struct CatalogueApp: Sendable {
    /// The search store.
    public let backend: any SearchBackend
    /// Where "now" comes from.
    public let clock: WallClock
    /// Index names, cache lifetimes, deadlines and the breaker's settings.
    public let configuration: CatalogueConfiguration
    /// Stops asking a store that keeps failing.
    public let breaker: CircuitBreaker
    /// What `/metrics` reports.
    public let metrics: CatalogueMetrics
    let monotonic: MonotonicClock

    let territoryDirectory: TerritoryDirectory
    /// The home screens already computed.
    let homeScreens: HomeScreenCache
    /// Reads the store's version for the home screen, one read at a time.
    let versionProbe = VersionProbe()
    let mappings: MappingCompatibility

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - clock: "now", for licence windows and schedules.
    ///   - monotonic: elapsed time, for request and readiness deadlines, the circuit breaker and
    ///     the caches (territories, mapping checks); `.continuous` in an executable, a manual
    ///     clock in a test that moves time itself.
    public init(
        backend: any SearchBackend, clock: WallClock, monotonic: MonotonicClock,
        configuration: CatalogueConfiguration = .init()
    ) {
        self.backend = backend
        self.clock = clock
        self.configuration = configuration
        self.territoryDirectory = TerritoryDirectory(
            lifetime: configuration.territoryCacheLifetime, clock: monotonic)
        self.homeScreens = HomeScreenCache(capacity: configuration.homeScreenCapacity)
        self.breaker = CircuitBreaker(configuration: configuration.breaker, clock: monotonic)
        self.mappings = MappingCompatibility(clock: monotonic)
        self.metrics = CatalogueMetrics()
        self.monotonic = monotonic
    }

    /// The routes served with a fixed path (and `/catalogue/rows/{slug}`), for labelling metrics
    /// by pattern and for checking the OpenAPI document covers them.
    public static let routes: Set<String> = [
        "/health", "/health/live", "/health/ready", "/metrics", "/openapi.json", "/catalogue/by_id",
        "/catalogue/assets",
        "/catalogue/search", "/catalogue/promos", "/catalogue/events", "/catalogue/territories",
        "/catalogue/languages", "/catalogue/categories", "/catalogue/ratings",
        "/catalogue/rows", "/catalogue/rows/{slug}",
    ]

    /// A router with every route, the client-context middleware on `/catalogue`, and (when
    /// `logRequests`) one log line per request.
    public func makeRouter(logRequests: Bool = false) -> Router {
        let router = Router()
        if logRequests { router.add(middleware: RequestLoggingMiddleware()) }
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware(metrics: metrics, clock: monotonic, routes: Self.routes))
        router.add(
            middleware: RequestBudgetMiddleware(timeout: configuration.requestTimeout, clock: monotonic))
        router.get("/health") { _, context in await ready(context) }
        router.get("/health/ready") { _, context in await ready(context) }
        router.get("/health/live") { _, _ in Self.respond(["status": "live"]) }
        router.get("/openapi.json") { _, context in await openAPIDocument(context) }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Data(metrics.render(breaker: breaker.state).utf8))
        }
        let catalogue = router.group("/catalogue").add(
            middleware: HTTPCachingMiddleware(policy: configuration.cache)
        )
        .add(middleware: PreviewMomentMiddleware(enabled: configuration.preview))
        .add(middleware: ClientContextMiddleware())
        catalogue.get("/by_id") { request, context in try await byID(request, context) }
        catalogue.get("/assets") { request, context in try await assets(request, context) }
        catalogue.get("/asset/{uuid}") { request, context in try await asset(request, context) }
        catalogue.get("/search") { request, context in try await search(request, context) }
        catalogue.get("/promos") { request, context in try await promos(request, context) }
        catalogue.get("/events") { request, context in try await events(request, context) }
        catalogue.get("/territories") { request, context in try await territories(request, context) }
        catalogue.get("/languages") { request, context in try await languages(request, context) }
        catalogue.get("/categories") { request, context in try await categories(request, context) }
        catalogue.get("/ratings") { request, context in try await ratings(request, context) }
        catalogue.get("/rows") { request, context in try await rows(request, context) }
        catalogue.get("/rows/{slug}") { request, context in try await row(request, context) }
        router.get("/preview") { request, context in try previewPage(request, context) }
        router.group("/preview").add(middleware: PreviewMomentMiddleware(enabled: configuration.preview))
            .add(middleware: ClientContextMiddleware())
            .get("/home") { request, context in try await previewHome(request, context) }
        return router
    }

    /// The OpenAPI document, naming the territories served when the store answers (the
    /// directory's cached list), else with any two-letter country.
    func openAPIDocument(_ context: RequestContext) async -> Response {
        let territories = try? await territoryDirectory.territoryNames(store: store(context))
        return Self.respond(CatalogueOpenAPI.document(territories: territories.map { Array($0.keys) }))
    }

    /// The API as an application: serve it with `run()`, or test it in-process.
    public func makeApplication(
        server: ServerConfiguration = ServerConfiguration(), logger: Logger = Logger(label: "catalogue"),
        logRequests: Bool = true
    ) -> Application {
        Application(router: makeRouter(logRequests: logRequests), configuration: server, logger: logger)
    }

    /// The store as seen from one request.
    func store(_ context: RequestContext) -> CatalogueStore {
        CatalogueStore(
            backend: backend, indices: configuration.indices, logger: context.logger, breaker: breaker,
            mappings: mappings, metrics: metrics, clock: monotonic)
    }

    /// A JSON response from a JSON value.
    static func respond(_ value: JSONValue) -> Response {
        Response.json(data: value.compactData)
    }

    /// A JSON response from JSON written directly.
    static func respond(_ output: JSONOutput) -> Response {
        Response.json(data: output.data)
    }
}
