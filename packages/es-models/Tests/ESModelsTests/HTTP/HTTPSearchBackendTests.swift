import Foundation
import HTTPKit
import Testing

@testable import ESModels

/// HTTPSearchBackend against http-kit's server on loopback, answering as Elasticsearch's REST
/// documentation describes.
@Suite struct HTTPSearchBackendTests {
    private func backend(
        _ cluster: ClusterStandIn, authentication: HTTPSearchBackendConfiguration.Authentication = .none,
        retry: RetryPolicy = RetryPolicy(
            maxAttempts: 3, initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(50)),
        timeout: Duration = unhurriedAttempt
    ) -> HTTPSearchBackend {
        HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: cluster.baseURL, authentication: authentication, requestTimeout: timeout,
                retry: retry
            ))
    }

    @Test func createsAnIndexWithItsDefinitionAsBody() async throws {
        let definition = IndexDefinition(
            settings: IndexSettings(numberOfShards: 1),
            mappings: Mapping(dynamic: .strict) { Property.keyword("code") })
        let answer: ClusterStandIn.Answer = { _ in
            .json(200, #"{"acknowledged": true, "shards_acknowledged": true, "index": "territories-1"}"#)
        }
        try await withClusterStandIn(answering: answer) { cluster in
            let response = try await backend(cluster).createIndex("territories-1", definition: definition)
            #expect(response == CreateIndexResponse(index: "territories-1"))
            let request = try #require(cluster.requests.first)
            #expect(request.method == .put)
            #expect(request.path == "/territories-1")
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.json == definition.json)
        }
    }

    @Test func searchesAndDecodesHits() async throws {
        let answer = """
            {"took": 3, "timed_out": false, "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
             "hits": {"total": {"value": 1, "relation": "eq"}, "max_score": 1.0,
                      "hits": [{"_index": "territories-1", "_id": "KE", "_score": 1.0,
                                "_source": {"code": "KE", "name": "Kenya", "is_main": true}}]}}
            """
        try await withClusterStandIn(answering: { _ in .json(200, answer) }) { cluster in
            let request = SearchRequest(query: .term("code", "KE"), size: 5)
            let response = try await backend(cluster).search(.territories, request: request)
            #expect(
                try response.documents(as: Territory.self) == [
                    Territory(code: "KE", name: "Kenya", isMain: true)
                ])
            let sent = try #require(cluster.requests.first)
            #expect(sent.method == .post)
            #expect(sent.path == "/territories/_search")
            #expect(sent.json == request.json)
        }
    }

    @Test func sendsCredentials() async throws {
        try await withClusterStandIn(answering: { _ in .json(200, #"{"acknowledged": true}"#) }) { cluster in
            _ = try await backend(cluster, authentication: .basic(username: "elastic", password: "changeme"))
                .deleteIndex("x")
            _ = try await backend(
                cluster, authentication: .apiKey(id: "VuaCfGcBCdbkQm-e5aOx", secret: "ui2lp2axTNmsyakw9tvNnw")
            )
            .deleteIndex("x")
            _ = try await backend(cluster).deleteIndex("x")
            let headers = cluster.requests.map { $0.headers["authorization"] }
            #expect(headers[0] == "Basic ZWxhc3RpYzpjaGFuZ2VtZQ==")
            #expect(headers[1] == "ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==")
            #expect(headers[2] == nil)
            #expect(cluster.requests.allSatisfy { $0.method == .delete && $0.path == "/x" })
        }
    }

    @Test func indexesDocumentsWithAndWithoutIdsAndEscapesIds() async throws {
        let answer: ClusterStandIn.Answer = { request in
            .json(
                request.method == .put ? 200 : 201,
                [
                    "_index": "i", "_id": "a/b", "_version": 1, "result": "created",
                    "_seq_no": 0, "_primary_term": 1,
                    "_shards": ["total": 1, "successful": 1, "failed": 0],
                ])
        }
        try await withClusterStandIn(answering: answer) { cluster in
            let backend = backend(cluster)
            _ = try await backend.index("i", id: "a/b", document: ["x": 1], refresh: .waitFor)
            _ = try await backend.index("i", id: nil, document: ["x": 2])
            let territory = Territory(code: "KE", name: "Kenya", isMain: true)
            _ = try await backend.index(territory, into: "territories-1", refresh: .immediate)
            let requests = cluster.requests
            #expect(requests[0].method == .put)
            #expect(requests[0].target == "/i/_doc/a%2Fb?refresh=wait_for")
            #expect(requests[0].json == ["x": 1])
            #expect(requests[1].method == .post)
            #expect(requests[1].target == "/i/_doc")
            #expect(requests[2].target == "/territories-1/_doc/KE?refresh=true")
            #expect(requests[2].json == ["code": "KE", "name": "Kenya", "is_main": true])
        }
    }

    @Test func getsDocumentsFoundOrMissingAndFailsOnAMissingIndex() async throws {
        let answer: ClusterStandIn.Answer = { request in
            switch request.path {
            case "/territories/_doc/KE":
                return .json(
                    200,
                    #"{"_index": "territories-1", "_id": "KE", "_version": 1, "found": true, "_source": {"code": "KE", "name": "Kenya", "is_main": true}}"#
                )
            case "/territories/_doc/XX":
                return .json(404, #"{"_index": "territories-1", "_id": "XX", "found": false}"#)
            default:
                return .json(404, ElasticsearchError.indexNotFound("nope").json)
            }
        }
        try await withClusterStandIn(answering: answer) { cluster in
            let backend = backend(cluster)
            #expect(
                try await backend.document(Territory.self, id: "KE")
                    == Territory(code: "KE", name: "Kenya", isMain: true))
            let missing = try await backend.getDocument("territories", id: "XX")
            #expect(!missing.found)
            await #expect(throws: ElasticsearchError.indexNotFound("nope")) {
                try await backend.getDocument("nope", id: "1")
            }
        }
    }

    @Test func bulkSendsNDJSONAndReportsItemFailures() async throws {
        let answer = """
            {"took": 2, "errors": true, "items": [
              {"index": {"_index": "l-1", "_id": "en", "_version": 1, "result": "created", "status": 201, "_seq_no": 0, "_primary_term": 1}},
              {"create": {"_index": "l-1", "_id": "fr", "status": 409, "error": {"type": "version_conflict_engine_exception", "reason": "[fr]: version conflict, document already exists (current version [1])", "index": "l-1"}}}
            ]}
            """
        try await withClusterStandIn(answering: { _ in .json(200, answer) }) { cluster in
            let request = BulkRequest(
                [
                    .index(index: "l-1", id: "en", document: ["code": "en"]),
                    .create(index: "l-1", id: "fr", document: ["code": "fr"]),
                ],
                refresh: .immediate)
            let response = try await backend(cluster).bulk(request)
            #expect(response.errors)
            #expect(response.failures.map(\.id) == ["fr"])
            #expect(response.failures.first?.status == 409)
            let sent = try #require(cluster.requests.first)
            #expect(sent.target == "/_bulk?refresh=true")
            #expect(sent.headers["content-type"] == "application/x-ndjson")
            #expect(sent.body == request.ndjson)
        }
    }

    @Test func indexAndAliasAdministration() async throws {
        let answer: ClusterStandIn.Answer = { request in
            switch (request.method, request.path) {
            case (.head, "/assetflat"): return Response(status: .ok)
            case (.head, _): return Response(status: .notFound)
            case (.get, "/assetflat/_mapping"):
                return .json(
                    200, #"{"assetflat-2": {"mappings": {"properties": {"uuid": {"type": "keyword"}}}}}"#)
            case (.get, "/_alias/assetflat"):
                return .json(200, #"{"assetflat-2": {"aliases": {"assetflat": {}}}}"#)
            case (.get, "/_alias/missing"):
                return .json(404, #"{"error": "alias [missing] missing", "status": 404}"#)
            case (.get, "/assetflat-2/_alias"):
                return .json(200, #"{"assetflat-2": {"aliases": {"assetflat": {}}}}"#)
            case (.post, "/assetflat/_count"):
                return .json(
                    200,
                    #"{"count": 42, "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0}}"#
                )
            case (.post, "/_refresh"), (.post, "/assetflat/_refresh"):
                return .json(200, #"{"_shards": {"total": 1, "successful": 1, "failed": 0}}"#)
            default: return .json(200, #"{"acknowledged": true}"#)
            }
        }
        try await withClusterStandIn(answering: answer) { cluster in
            let backend = backend(cluster)
            #expect(try await backend.indexExists("assetflat"))
            #expect(try await !backend.indexExists("nothing"))
            #expect(try await backend.getMapping("assetflat").single?.index == "assetflat-2")
            #expect(
                try await backend.putMapping("assetflat-2", mapping: Mapping { Property.keyword("x") })
                    .acknowledged)
            #expect(try await backend.indices(forAlias: "assetflat") == ["assetflat-2"])
            #expect(try await backend.getAlias(name: "missing", index: nil) == GetAliasResponse())
            #expect(try await backend.getAlias(name: nil, index: "assetflat-2").aliasNames == ["assetflat"])
            let swap = UpdateAliasesRequest.swap(alias: "assetflat", to: "assetflat-3", from: ["assetflat-2"])
            #expect(try await backend.updateAliases(swap).acknowledged)
            #expect(try await backend.count(.assetflat).count == 42)
            _ = try await backend.refreshAll()
            _ = try await backend.refresh("assetflat")
            let requests = cluster.requests
            let targets = requests.map { "\($0.method) \($0.target)" }
            #expect(
                targets == [
                    "HEAD /assetflat", "HEAD /nothing", "GET /assetflat/_mapping",
                    "PUT /assetflat-2/_mapping",
                    "GET /_alias/assetflat", "GET /_alias/missing", "GET /assetflat-2/_alias",
                    "POST /_aliases",
                    "POST /assetflat/_count", "POST /_refresh", "POST /assetflat/_refresh",
                ])
            #expect(requests[3].json == ["properties": ["x": ["type": "keyword"]]])
            #expect(requests[7].json == swap.json)
        }
    }

    @Test func keepsTheBaseURLPathPrefix() async throws {
        try await withClusterStandIn(answering: { _ in .json(200, #"{"acknowledged": true}"#) }) { cluster in
            let configuration = HTTPSearchBackendConfiguration(
                baseURL: cluster.baseURL.appendingPathComponent("es/"))
            _ = try await HTTPSearchBackend(configuration: configuration).deleteIndex("old-*")
            #expect(cluster.requests.first?.path == "/es/old-*")
        }
    }
}
