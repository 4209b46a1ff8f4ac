import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// How a conformance case reaches the engine: in-process, or through `HTTPSearchBackend`
/// against the REST facade on a loopback port. Every case runs both ways.
enum BackendMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess
    case http

    var testDescription: String { rawValue }
}

/// The instant every conformance case calls `now`: 2024-03-15T12:30:00Z.
let frozenNow = Date(timeIntervalSince1970: 1_710_505_800)

/// Runs `body` with a fresh in-memory engine reached through `mode`.
func withBackend<Value: Sendable>(
    _ mode: BackendMode, clock: WallClock = .frozen(at: frozenNow),
    _ body: (any SearchBackend) async throws -> Value
) async throws -> Value {
    let engine = EmbeddedSearchBackend(clock: clock)
    switch mode {
    case .inProcess:
        return try await body(engine)
    case .http:
        let application = ElasticsearchFacade(backend: engine).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        return try await application.withLiveServer { server in
            guard let url = URL(string: server.address.httpURL) else {
                throw TestSetupError(description: "no url for \(server.address)")
            }
            let http = HTTPSearchBackend(
                // Generous: the server shares the cooperative threads with every test running beside it;
                // latency is not what these cases check.
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: url, requestTimeout: .seconds(60), retry: .none))
            return try await body(http)
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
}

/// The Elasticsearch error a call throws (failing the test when it throws something else).
func elasticsearchError(
    sourceLocation: SourceLocation = #_sourceLocation, _ call: () async throws -> Void
) async -> ElasticsearchError? {
    do {
        try await call()
        Issue.record("expected an Elasticsearch error, the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as ElasticsearchError {
        return error
    } catch {
        Issue.record("expected an Elasticsearch error, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
