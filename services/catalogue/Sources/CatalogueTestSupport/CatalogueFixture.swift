import Catalogue
import ESModels
import HTTPKit
import HTTPKitServer
import IntegrationFixtures

/// The Catalogue API under test, built over the running test's fixture environment: the
/// test's search store, its index names and its frozen clock. Made once per test.
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
        catalogue = CatalogueApp(
            backend: environment.backend, clock: environment.clock, monotonic: .continuous,
            // Tests run in parallel on few cores: a generous budget, so that only the tests about
            // deadlines (which set their own) ever see one pass.
            configuration: CatalogueConfiguration(
                indices: CatalogueIndices(prefix: environment.indexPrefix), requestTimeout: .seconds(60)))
        logs = InMemoryLogSink()
        application = catalogue.makeApplication(
            logger: Logger(label: "catalogue", sink: logs), logRequests: false)
    }
}
