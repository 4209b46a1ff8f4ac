import ESModels
import Foundation
import HTTPKit

/// The Catalogue API: routes, handlers, query building and response shaping over any
/// ``ESModels/SearchBackend``, with "now" from an injected clock.
///
/// ```swift
/// let catalogue = CatalogueApp(backend: HTTPSearchBackend(configuration: .init(baseURL: url)), clock: .system)
/// try await catalogue.makeApplication(server: ServerConfiguration(port: 8080)).run()
/// ```
///
/// Endpoints (all `GET`, all JSON): `/catalogue/by_id`, `/catalogue/assets`,
/// `/catalogue/asset/{uuid}`, `/catalogue/search`, `/catalogue/promos`, `/catalogue/events`,
/// `/catalogue/territories`, `/catalogue/languages`, `/catalogue/categories`,
/// `/catalogue/ratings`, and `/health`.
public struct CatalogueApp: Sendable {
    /// The search store.
    public let backend: any SearchBackend
    /// Where "now" comes from.
    public let clock: WallClock
    /// Index names and cache lifetimes.
    public let configuration: CatalogueConfiguration

    let territoryDirectory: TerritoryDirectory

    /// Creates the API.
    public init(
        backend: any SearchBackend, clock: WallClock,
        configuration: CatalogueConfiguration = .init()
    ) {
        self.backend = backend
        self.clock = clock
        self.configuration = configuration
        self.territoryDirectory = TerritoryDirectory(lifetime: configuration.territoryCacheLifetime)
    }

    /// A router with every route, the client-context middleware on `/catalogue`, and (when
    /// `logRequests`) one log line per request.
    public func makeRouter(logRequests: Bool = false) -> Router {
        let router = Router()
        if logRequests { router.add(middleware: RequestLoggingMiddleware()) }
        router.get("/health") { _, context in try await health(context) }
        let catalogue = router.group("/catalogue").add(middleware: ClientContextMiddleware())
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
        return router
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
        CatalogueStore(backend: backend, indices: configuration.indices, logger: context.logger)
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
