import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting

/// The REST facade under test: over a given engine (or a new in-memory one on a frozen clock),
/// with or without security, through the router in-process or over loopback.
enum FacadeFixture {
    /// The instant every fixture engine's clock is frozen at.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A new in-memory engine on the frozen clock.
    static func backend() -> EmbeddedSearchBackend {
        EmbeddedSearchBackend(clock: .frozen(at: now))
    }

    /// Runs `body` with a client of the facade over `backend`.
    static func test(
        _ mode: TestingMode, backend: EmbeddedSearchBackend? = nil, security: SecurityRealm? = nil,
        _ body: (TestClient) async throws -> Void
    ) async throws {
        let application = ElasticsearchFacade(backend: backend ?? Self.backend(), security: security)
            .application(
                configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode, body)
    }
}
