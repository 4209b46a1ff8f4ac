import Foundation
import HTTPKit
import TimeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``SearchBackend`` over HTTP, for a real Elasticsearch or OpenSearch cluster (or
/// `es-embedded serve`).
///
/// Speaks the REST API: basic or API-key authentication, a timeout per attempt, and retries with
/// exponential backoff on 429/502/503/504 and connection failures (see ``RetryPolicy``). Errors
/// the cluster reports are thrown as ``ElasticsearchError`` (decoded from its error envelope);
/// failures to reach it as ``SearchTransportError``.
///
/// A cluster reached over `http` is spoken to with HTTPKit's client (a keep-alive pool on
/// non-blocking sockets), one over `https` with URLSession, which has TLS. On Linux,
/// URLSession's `dataTask` and `resume` wait on the session's own queue, and from Swift's
/// cooperative threads (which there are Dispatch's worker threads, one per core) enough such
/// waits at once block every thread the session's queue needs: every task in the process then
/// stalls until Dispatch adds a thread, which on a loaded machine took more than ten seconds.
/// So URLSession is only called from a queue of its own, never from a task's thread.
///
/// ```swift
/// let backend = HTTPSearchBackend(configuration: .init(baseURL: URL(string: "http://127.0.0.1:9200")!))
/// let response = try await backend.search(.assetflat, request: SearchRequest(query: .ids(["uuid-1"])))
/// ```
public final class HTTPSearchBackend: SearchBackend {
    /// The configuration in use.
    public let configuration: HTTPSearchBackendConfiguration
    /// The time of the back-off between attempts and of each attempt's deadline over `http`
    /// (the socket's own timeouts, and URLSession's over `https`, are real time).
    let clock: MonotonicClock
    let transport: ClusterTransport
    /// The base URL without a trailing `/` (`http://127.0.0.1:9200/prefix`).
    let origin: String
    /// The base URL's own path without a trailing `/` (`/prefix`, or empty).
    let pathPrefix: String

    /// Creates a backend with its own connections (an HTTPKit client for `http`, a URL session
    /// for `https`).
    ///
    /// - Parameters:
    ///   - configuration: the cluster's URL, credentials, timeout, retry policy and connections.
    ///   - clock: where the back-off between attempts takes its time (tests pass a manual
    ///     clock's).
    public init(configuration: HTTPSearchBackendConfiguration, clock: MonotonicClock = .continuous) {
        self.configuration = configuration
        self.clock = clock
        transport = ClusterTransport(configuration: configuration, clock: clock)
        var origin = configuration.baseURL.absoluteString
        var prefix = configuration.baseURL.path
        while origin.hasSuffix("/") { origin.removeLast() }
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let path = prefix
        if !path.isEmpty, origin.hasSuffix(path) { origin.removeLast(path.count) }
        self.origin = origin
        pathPrefix = prefix
    }

    /// `true`: each call ends by the current ``SearchCallContext``'s deadline.
    public var honoursCallDeadlines: Bool { true }

    deinit {
        transport.close()
    }

    public func createIndex(_ index: String, definition: IndexDefinition) async throws -> CreateIndexResponse
    {
        try await call(.put, [index], body: .json(definition.json), as: CreateIndexResponse.self)
    }

    public func deleteIndex(_ index: String) async throws -> AcknowledgedResponse {
        try await call(.delete, [index], as: AcknowledgedResponse.self)
    }

    public func indexExists(_ index: String) async throws -> Bool {
        let answer = try await send(.head, [index])
        switch answer.status {
        case 200..<300: return true
        case 404: return false
        default: throw failure(answer)
        }
    }

    public func getMapping(_ index: String) async throws -> GetMappingResponse {
        try await call(.get, [index, "_mapping"], as: GetMappingResponse.self)
    }

    public func putMapping(_ index: String, mapping: Mapping) async throws -> AcknowledgedResponse {
        try await call(.put, [index, "_mapping"], body: .json(mapping.json), as: AcknowledgedResponse.self)
    }

    public func getSettings(_ index: String) async throws -> GetSettingsResponse {
        try await call(.get, [index, "_settings"], as: GetSettingsResponse.self)
    }

    public func updateSettings(_ index: String, settings: IndexSettings) async throws -> AcknowledgedResponse
    {
        try await call(.put, [index, "_settings"], body: .json(settings.json), as: AcknowledgedResponse.self)
    }

    public func index(_ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy) async throws
        -> IndexResponse
    {
        let query = refreshQuery(refresh)
        if let id {
            return try await call(
                .put, [index, "_doc", id], query: query, body: .json(document), as: IndexResponse.self)
        }
        return try await call(
            .post, [index, "_doc"], query: query, body: .json(document), as: IndexResponse.self)
    }

    public func getDocument(_ index: String, id: String) async throws -> GetDocumentResponse {
        let answer = try await send(.get, [index, "_doc", id])
        // A missing document is a 404 whose body is the get response with "found": false.
        if answer.status == 404, let json = try? JSONValue(parsing: answer.body), json["found"] != nil {
            return try decode(GetDocumentResponse.self, json, answer)
        }
        return try decode(GetDocumentResponse.self, answer)
    }

    public func bulk(_ request: BulkRequest) async throws -> BulkResponse {
        try await call(
            .post, ["_bulk"], query: refreshQuery(request.refresh), body: .ndjson(request.ndjson),
            as: BulkResponse.self)
    }

    public func search(_ index: String, request: SearchRequest) async throws -> SearchResponse {
        try await call(.post, [index, "_search"], body: .json(request.json), as: SearchResponse.self)
    }

    /// The answer's bytes (after the status is checked), for a caller that reads hits from them.
    public func searchAnswer(_ index: String, request: SearchRequest) async throws -> SearchAnswer {
        let answer = try await send(.post, [index, "_search"], body: .json(request.json))
        guard (200..<300).contains(answer.status) else { throw failure(answer) }
        return .bytes(answer.body, url: answer.url)
    }

    public func count(_ index: String, request: CountRequest) async throws -> CountResponse {
        try await call(.post, [index, "_count"], body: .json(request.json), as: CountResponse.self)
    }

    public func updateAliases(_ request: UpdateAliasesRequest) async throws -> AcknowledgedResponse {
        try await call(.post, ["_aliases"], body: .json(request.json), as: AcknowledgedResponse.self)
    }

    public func getAlias(name: String?, index: String?) async throws -> GetAliasResponse {
        let path = (index.map { [$0] } ?? []) + ["_alias"] + (name.map { [$0] } ?? [])
        let answer = try await send(.get, path)
        // A missing alias is a 404 with {"error": "alias [x] missing", "status": 404} and the
        // aliases that were found, if any, alongside.
        if answer.status == 404, var json = try? JSONValue(parsing: answer.body),
            json["error"]?.stringValue != nil
        {
            json["error"] = nil
            json["status"] = nil
            return try decode(GetAliasResponse.self, json, answer)
        }
        return try decode(GetAliasResponse.self, answer)
    }

    public func refresh(_ index: String?) async throws -> RefreshResponse {
        try await call(.post, (index.map { [$0] } ?? []) + ["_refresh"], as: RefreshResponse.self)
    }

    // MARK: - Decoding answers

    private func refreshQuery(_ refresh: RefreshPolicy) -> [URLQueryItem] {
        refresh == .none ? [] : [URLQueryItem(name: "refresh", value: refresh.parameter)]
    }

    private func call<Response: JSONConvertible>(
        _ method: HTTPMethod, _ path: [String], query: [URLQueryItem] = [], body: RequestBody? = nil,
        as type: Response.Type
    ) async throws -> Response {
        try decode(type, try await send(method, path, query: query, body: body))
    }

    private func decode<Response: JSONConvertible>(_ type: Response.Type, _ answer: HTTPAnswer) throws
        -> Response
    {
        guard (200..<300).contains(answer.status) else { throw failure(answer) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: answer.body)
        } catch {
            throw SearchTransportError.invalidResponse(
                url: answer.url, status: answer.status, reason: "the body is not json (\(error))")
        }
        return try decode(type, json, answer)
    }

    private func decode<Response: JSONConvertible>(
        _ type: Response.Type, _ json: JSONValue, _ answer: HTTPAnswer
    ) throws -> Response {
        do {
            return try Response(json: json)
        } catch let error as ElasticsearchError {
            throw SearchTransportError.invalidResponse(
                url: answer.url, status: answer.status, reason: "unexpected response shape: \(error.reason)")
        }
    }

    /// The error for a non-2xx answer: the cluster's error envelope when there is one.
    func failure(_ answer: HTTPAnswer) -> any Error {
        if let json = try? JSONValue(parsing: answer.body), let error = try? ElasticsearchError(json: json) {
            return error
        }
        let text = String(decoding: answer.body.prefix(200), as: UTF8.self)
        return SearchTransportError.invalidResponse(
            url: answer.url, status: answer.status, reason: text.isEmpty ? "no error body" : "body: \(text)")
    }
}
