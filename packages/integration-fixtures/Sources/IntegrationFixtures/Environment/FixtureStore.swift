import ESEmbedded
import ESModels
import Foundation

/// Where a test's indices live: a fresh in-memory embedded engine per test (the default), or a
/// real cluster shared by all tests, each test with its own index prefix.
///
/// ```sh
/// swift test --package-path services/catalogue                         # embedded engine
/// ES_URL=http://127.0.0.1:9200 swift test --package-path services/catalogue   # a real cluster
/// ```
public struct FixtureStore: Sendable {
    /// How a test's backend is obtained.
    enum Kind: Sendable {
        case embedded
        case cluster(HTTPSearchBackend)
    }

    let kind: Kind

    /// A fresh in-memory ``ESEmbedded/EmbeddedSearchBackend`` per test, with the test's clock:
    /// no prefix is needed, nothing is shared, nothing is left behind.
    public static let embedded = FixtureStore(kind: .embedded)

    /// A cluster reached through ``ESModels/HTTPSearchBackend``; each test creates its indices
    /// under a unique prefix and deletes them when it ends.
    public static func cluster(_ configuration: HTTPSearchBackendConfiguration) -> FixtureStore {
        FixtureStore(kind: .cluster(HTTPSearchBackend(configuration: configuration)))
    }

    /// The store the environment asks for: a cluster when `ES_URL` is set (with the optional
    /// `ELASTICSEARCH_USERNAME`/`ELASTICSEARCH_PASSWORD`, `ELASTICSEARCH_API_KEY` and
    /// `ELASTICSEARCH_TIMEOUT`), otherwise ``embedded``.
    ///
    /// - Throws: ``FixtureError/invalidClusterURL(_:)`` when `ES_URL` is not an http(s) URL.
    public static func fromEnvironment(_ environment: [String: String]) throws -> FixtureStore {
        guard let url = environment["ES_URL"], !url.isEmpty else { return .embedded }
        var variables = environment
        variables["ELASTICSEARCH_URL"] = url
        do {
            guard let configuration = try HTTPSearchBackendConfiguration(environment: variables) else {
                return .embedded
            }
            return .cluster(configuration)
        } catch {
            throw FixtureError.invalidClusterURL(url)
        }
    }

    /// The process's store, read once from its environment (see ``fromEnvironment(_:)``).
    public static let `default`: Result<FixtureStore, FixtureError> = Result {
        try fromEnvironment(ProcessInfo.processInfo.environment)
    }.mapError { $0 as? FixtureError ?? .invalidClusterURL("\($0)") }

    /// Whether tests share a cluster (and so need index prefixes).
    public var isCluster: Bool {
        if case .cluster = kind { return true }
        return false
    }

    /// A backend and index prefix for one test.
    ///
    /// - Throws: what opening an embedded engine throws (never, in memory).
    func makeBackend(clock: WallClock) throws -> (backend: any SearchBackend, prefix: String) {
        switch kind {
        case .embedded:
            // Writes to an index the copy does not define fail instead of creating one.
            let configuration = EmbeddedSearchConfiguration(clock: clock, autoCreateIndex: false)
            return (try EmbeddedSearchBackend(configuration: configuration), "")
        case .cluster(let backend):
            let suffix = UInt32.random(in: 0...UInt32.max)
            return (backend, "fixture-" + String(suffix, radix: 16) + "-")
        }
    }
}
