import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// The REST facade of the embedded engine: the subset of Elasticsearch's HTTP API we use, with
/// its response and error shapes, so that `HTTPSearchBackend` and any Elasticsearch client
/// work against it unchanged.
///
/// ```swift
/// let backend = try EmbeddedSearchBackend(configuration: .init(dataDirectory: url))
/// let facade = ElasticsearchFacade(backend: backend)
/// try await facade.application(configuration: ServerConfiguration(port: 9200)).run()
/// ```
public struct ElasticsearchFacade: Sendable {
    /// The engine the facade serves.
    public let backend: EmbeddedSearchBackend
    /// The cluster name `GET /` and `GET /_cluster/health` report.
    public let clusterName: String
    let clusterUUID: String
    /// Users, roles and API keys every request is checked against; `nil`: open, as a node with
    /// security disabled.
    public let security: SecurityRealm?

    /// Creates a facade for `backend`, open to anyone without `security`.
    public init(
        backend: EmbeddedSearchBackend, clusterName: String = "es-embedded", security: SecurityRealm? = nil
    ) {
        self.backend = backend
        self.clusterName = clusterName
        self.clusterUUID = Self.stableIdentifier(clusterName)
        self.security = security
    }

    /// A router with every route (and Elasticsearch's error rendering).
    public func router(logRequests: Bool = false) -> Router {
        let router = Router()
        if logRequests { router.add(middleware: RequestLoggingMiddleware()) }
        router.add(middleware: ResponseCompressionMiddleware())
        router.add(middleware: MediaTypeMiddleware())
        router.add(middleware: ElasticsearchErrorMiddleware())
        router.add(middleware: RequestDecompressionMiddleware())
        router.add(middleware: CompatibilityMiddleware())
        if let security {
            router.add(middleware: SecurityMiddleware(realm: security, clock: backend.clock))
            registerSecurityRoutes(on: router, realm: security)
        }
        registerClusterRoutes(on: router)
        registerIndexRoutes(on: router)
        registerSettingsRoutes(on: router)
        registerDocumentRoutes(on: router)
        registerSearchRoutes(on: router)
        registerAliasRoutes(on: router)
        registerByQueryRoutes(on: router)
        registerMultiRoutes(on: router)
        registerHarnessRoutes(on: router)
        registerCatRoutes(on: router)
        return router
    }

    /// An application serving the facade.
    public func application(
        configuration: ServerConfiguration = ServerConfiguration(port: 9200),
        logger: Logger = Logger(label: "es-embedded"),
        logRequests: Bool = false
    ) -> Application {
        var configuration = configuration
        // Bulk bodies are large; Elasticsearch accepts 100 MB by default.
        configuration.maxBodyBytes = max(configuration.maxBodyBytes, 100 * 1024 * 1024)
        return Application(
            router: router(logRequests: logRequests), configuration: configuration, logger: logger)
    }

    private static func stableIdentifier(_ seed: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var hash = FNV1a()
        return String(
            (0..<22).map { position in
                hash.combine("\(seed)#\(position)".utf8)
                return alphabet[Int(hash.value % 64)]
            })
    }
}
