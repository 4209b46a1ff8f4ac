import ESModels
import Foundation
import HTTPKit
import HTTPKitClient

/// ``ESModels/SearchBackend`` over HTTPKit's lean ``HTTPKitClient/HTTPClient``, for clusters
/// reached over plain `http` (`es-embedded serve`, a local or sidecar cluster): a keep-alive
/// pool, a deadline per call (the Catalogue request's, from ``StoreCallContext``), retries only
/// where harmless. A cluster reached over `https` keeps es-models' URLSession-based
/// ``ESModels/HTTPSearchBackend`` (see ``make(configuration:client:)``).
///
/// Searches and counts are `POST`s that change nothing, so they are retried like `GET`s.
///
/// ```swift
/// let backend = ClusterSearchBackend.make(configuration: .init(baseURL: url))
/// ```
public final class ClusterSearchBackend: SearchBackend {
    /// The configuration in use (its timeout bounds a call made outside any Catalogue request).
    public let configuration: HTTPSearchBackendConfiguration
    /// The HTTP client.
    public let client: HTTPClient
    let address: SocketAddress
    let pathPrefix: String
    let authorizationHeader: String?

    /// A backend for `configuration`: this one for `http`, ``ESModels/HTTPSearchBackend``
    /// (URLSession, TLS) for `https`.
    public static func make(
        configuration: HTTPSearchBackendConfiguration, client: HTTPClientConfiguration = .init()
    ) -> any SearchBackend {
        if let backend = ClusterSearchBackend(
            configuration: configuration, client: HTTPClient(configuration: client))
        {
            return backend
        }
        return HTTPSearchBackend(configuration: configuration)
    }

    /// Creates a backend; `nil` unless the base URL is `http` with a host.
    public init?(configuration: HTTPSearchBackendConfiguration, client: HTTPClient) {
        let url = configuration.baseURL
        guard url.scheme == "http", let host = url.host else { return nil }
        self.configuration = configuration
        self.client = client
        self.address = SocketAddress(host: host, port: url.port ?? 80)
        var prefix = url.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.pathPrefix = prefix
        self.authorizationHeader = Self.authorization(configuration.authentication)
    }

    /// The `Authorization` header value (es-models keeps its own copy internal).
    static func authorization(_ authentication: HTTPSearchBackendConfiguration.Authentication) -> String? {
        switch authentication {
        case .none: nil
        case .basic(let username, let password):
            "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        case .apiKey(let encoded): "ApiKey \(encoded)"
        }
    }

    public func createIndex(_ index: String, definition: IndexDefinition) async throws -> CreateIndexResponse
    {
        try await call(.put, [index], body: definition.json, as: CreateIndexResponse.self)
    }

    public func deleteIndex(_ index: String) async throws -> AcknowledgedResponse {
        try await call(.delete, [index], as: AcknowledgedResponse.self)
    }

    public func indexExists(_ index: String) async throws -> Bool {
        let answer = try await send(.head, [index])
        switch answer.status.code {
        case 200..<300: return true
        case 404: return false
        default: throw failure(answer)
        }
    }

    public func getMapping(_ index: String) async throws -> GetMappingResponse {
        try await call(.get, [index, "_mapping"], as: GetMappingResponse.self)
    }

    public func putMapping(_ index: String, mapping: Mapping) async throws -> AcknowledgedResponse {
        try await call(.put, [index, "_mapping"], body: mapping.json, as: AcknowledgedResponse.self)
    }

    public func getSettings(_ index: String) async throws -> GetSettingsResponse {
        try await call(.get, [index, "_settings"], as: GetSettingsResponse.self)
    }

    public func updateSettings(_ index: String, settings: IndexSettings) async throws -> AcknowledgedResponse
    {
        try await call(.put, [index, "_settings"], body: settings.json, as: AcknowledgedResponse.self)
    }

    public func index(_ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy) async throws
        -> IndexResponse
    {
        let query = refreshQuery(refresh)
        if let id {
            return try await call(
                .put, [index, "_doc", id], query: query, body: document, as: IndexResponse.self)
        }
        return try await call(.post, [index, "_doc"], query: query, body: document, as: IndexResponse.self)
    }

    public func getDocument(_ index: String, id: String) async throws -> GetDocumentResponse {
        let answer = try await send(.get, [index, "_doc", id])
        // A missing document is a 404 whose body is the get response with "found": false.
        if answer.status.code == 404, let json = try? JSONValue(parsing: answer.body), json["found"] != nil {
            return try decode(GetDocumentResponse.self, json, answer)
        }
        return try decode(GetDocumentResponse.self, answer)
    }

    public func bulk(_ request: BulkRequest) async throws -> BulkResponse {
        let answer = try await send(
            .post, ["_bulk"], query: refreshQuery(request.refresh), body: request.ndjson,
            contentType: "application/x-ndjson")
        return try decode(BulkResponse.self, answer)
    }

    public func search(_ index: String, request: SearchRequest) async throws -> SearchResponse {
        try await call(
            .post, [index, "_search"], body: request.json, idempotent: true, as: SearchResponse.self)
    }

    public func count(_ index: String, request: CountRequest) async throws -> CountResponse {
        try await call(
            .post, [index, "_count"], body: request.json, idempotent: true, as: CountResponse.self)
    }

    public func updateAliases(_ request: UpdateAliasesRequest) async throws -> AcknowledgedResponse {
        try await call(.post, ["_aliases"], body: request.json, as: AcknowledgedResponse.self)
    }

    public func getAlias(name: String?, index: String?) async throws -> GetAliasResponse {
        let path = (index.map { [$0] } ?? []) + ["_alias"] + (name.map { [$0] } ?? [])
        let answer = try await send(.get, path)
        // A missing alias is a 404 with {"error": "alias [x] missing", "status": 404}.
        if answer.status.code == 404, var json = try? JSONValue(parsing: answer.body),
            json["error"]?.stringValue != nil
        {
            json["error"] = nil
            json["status"] = nil
            return try decode(GetAliasResponse.self, json, answer)
        }
        return try decode(GetAliasResponse.self, answer)
    }

    public func refresh(_ index: String?) async throws -> RefreshResponse {
        try await call(
            .post, (index.map { [$0] } ?? []) + ["_refresh"], idempotent: true, as: RefreshResponse.self)
    }
}
