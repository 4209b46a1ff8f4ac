import Catalogue
import ESModels
import HTTPKit
import HTTPKitServer
import IntegrationFixtures
import TimeKitTesting

/// The Catalogue API under test, built over the running test's fixture environment: the
/// test's search store, its index names, its frozen wall clock and a monotonic clock that moves
/// only when the test moves it. Made once per test.
///
/// ```swift
/// @Test(.useData(assetflats: [[:]]))
/// func servesOverLoopback() async throws {
///     try await CatalogueFixture.application().test(.live) { client in
///         #expect(try await client.get("/catalogue/assets").status == .ok)
///     }
/// }
/// ```
public struct CatalogueFixture: Sendable {
    /// The API.
    public let catalogue: CatalogueApp
    /// The API as an application (router, error rendering), logging into ``logs``.
    public let application: Application
    /// What the API logged during the test.
    public let logs: InMemoryLogSink
    /// The API's elapsed time (deadlines, breaker, caches): no deadline passes and no cache
    /// expires unless the test advances it, however slow the machine is.
    public let time: ManualClock

    /// The fixture of the running test.
    ///
    /// - Throws: ``IntegrationFixtures/FixtureError/noEnvironment`` outside of `.useData(...)`.
    public static func current() throws -> CatalogueFixture {
        let environment = try FixtureEnvironment.required()
        return environment.shared(CatalogueFixture.self) { CatalogueFixture(environment: environment) }
    }

    /// The application of the running test (for `application().test(.live) { client in ... }`).
    ///
    /// - Throws: ``IntegrationFixtures/FixtureError/noEnvironment`` outside of `.useData(...)`.
    public static func application() throws -> Application {
        try current().application
    }

    /// Builds the API over `environment`.
    public init(environment: FixtureEnvironment) {
        let time = ManualClock()
        self.time = time
        catalogue = CatalogueApp(
            backend: environment.backend, clock: environment.clock, monotonic: time.clock,
            configuration: CatalogueConfiguration(indices: CatalogueIndices(prefix: environment.indexPrefix)))
        logs = InMemoryLogSink()
        application = catalogue.makeApplication(
            logger: Logger(label: "catalogue", sink: logs), logRequests: false)
    }
}
