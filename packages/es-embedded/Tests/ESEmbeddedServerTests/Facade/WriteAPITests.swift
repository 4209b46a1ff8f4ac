import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// The write and multi-document APIs as Elasticsearch 8 answers them: `detect_noop`, `op_type` in
/// bulk metadata, alias routing, scripts refused, `_delete_by_query`, `_update_by_query`,
/// `_reindex`, `_mget`, `_msearch`; in-process and over loopback.
@Suite struct WriteAPITests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]
    private static let ndjson: HTTPHeaders = ["Content-Type": "application/x-ndjson"]

    private func withSeededFacade(
        settings: IndexSettings = IndexSettings(), _ mode: TestingMode,
        _ body: (TestClient) async throws -> Void
    ) async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        try await seed(backend, settings: settings, catalogueDocuments)
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode, body)
    }

    private func post(_ client: TestClient, _ path: String, _ body: String, query: QueryItems = [:])
        async throws -> (HTTPStatus, JSONValue)
    {
        let response = try await client.post(path, query: query, headers: Self.json, body: .text(body))
        return (response.status, try JSONValue(parsing: response.body))
    }

    @Test(arguments: TestingMode.allCases)
    func updatesBulkMetadataAliasesAndScripts(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let (_, noop) = try await post(client, "/catalogue/_update/a1", #"{"doc":{"year":1995}}"#)
            #expect(noop["result"] == "noop")
            let (_, forced) = try await post(
                client, "/catalogue/_update/a1", #"{"doc":{"year":1995},"detect_noop":false}"#)
            #expect(forced["result"] == "updated")
            #expect(forced["_version"] == 2)

            let bulk = try await client.post(
                "/_bulk", headers: Self.ndjson,
                body: .text(
                    #"{"index":{"_index":"catalogue","_id":"a1","op_type":"create"}}"# + "\n"
                        + #"{"uuid":"a1"}"#
                        + "\n" + #"{"index":{"_index":"catalogue","_id":"n1","op_type":"create"}}"# + "\n"
                        + #"{"uuid":"n1"}"# + "\n"))
            let items = try JSONValue(parsing: bulk.body)["items"]
            #expect(items?[0]?["create"]?["status"] == 409)
            #expect(items?[1]?["create"]?["result"] == "created")

            let put = try await client.put(
                "/catalogue/_alias/routed", headers: Self.json, body: .text(#"{"routing":"7"}"#))
            #expect(put.status == .ok)
            let aliases = try JSONValue(parsing: try await client.get("/catalogue/_alias/routed").body)
            #expect(
                aliases["catalogue"]?["aliases"]?["routed"] == ["index_routing": "7", "search_routing": "7"])

            let before = try JSONValue(parsing: try await client.get("/catalogue/_doc/a1").body)["_source"]?[
                "year"]
            let (status, scripted) = try await post(
                client, "/catalogue/_update/a1", #"{"script":{"source":"ctx._source.year++"}}"#)
            #expect(status == .ok, "\(scripted)")
            #expect(scripted["result"] == "updated")
            let after = try JSONValue(parsing: try await client.get("/catalogue/_doc/a1").body)["_source"]?[
                "year"]
            #expect(after?.intValue == before?.intValue.map { $0 + 1 })
        }
    }

    @Test(arguments: TestingMode.allCases)
    func byQueryAPIsAndReindex(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let (_, updated) = try await post(
                client, "/catalogue/_update_by_query", #"{"query":{"term":{"type":"movie"}}}"#)
            #expect(updated["updated"] == 2)
            #expect(updated["total"] == 2)
            #expect(updated["created"] == nil)

            let (_, copied) = try await post(
                client, "/_reindex", #"{"source":{"index":"catalogue"},"dest":{"index":"copy"}}"#,
                query: ["refresh": "true"])
            #expect(copied["created"] == 5)
            #expect(copied["batches"] == 1)
            let (conflictStatus, conflicts) = try await post(
                client, "/_reindex",
                #"{"source":{"index":"catalogue","size":2},"dest":{"index":"copy","op_type":"create"}}"#)
            #expect(conflictStatus == .conflict)
            #expect(conflicts["version_conflicts"] == 2)
            #expect(conflicts["batches"] == 1)
            #expect(conflicts["failures"]?[0]?["cause"]?["type"] == "version_conflict_engine_exception")
            let (sameStatus, same) = try await post(
                client, "/_reindex", #"{"source":{"index":"copy"},"dest":{"index":"copy"}}"#)
            #expect(sameStatus == .badRequest)
            #expect(
                same["error"]?["reason"]
                    == "Validation Failed: 1: reindex cannot write into an index its reading from [copy];")

            let (_, deleted) = try await post(
                client, "/copy/_delete_by_query", #"{"query":{"range":{"year":{"lt":2000}}},"max_docs":1}"#,
                query: ["refresh": "true"])
            #expect(deleted["deleted"] == 1)
            #expect(deleted["total"] == 1)
            #expect(deleted["updated"] == nil)
            let (_, count) = try await post(client, "/copy/_count", "{}")
            #expect(count["count"] == 4)

            let (scriptStatus, stored) = try await post(
                client, "/copy/_update_by_query", #"{"script":{"id":"bump"}}"#)
            #expect(scriptStatus == .notFound, "no stored scripts")
            #expect(stored["error"]?["reason"] == "unable to find script [bump] in cluster state")
        }
    }

    /// The by-query APIs take every query type search takes (Elasticsearch runs the same query
    /// parser for them), not only those es-models' `Query` has.
    @Test(arguments: TestingMode.allCases)
    func byQueryAPIsTakeEveryQueryTypeSearchTakes(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let (_, copied) = try await post(
                client, "/_reindex",
                #"{"source":{"index":"catalogue","query":{"prefix":{"uuid":"a"}}},"dest":{"index":"copy"}}"#,
                query: ["refresh": "true"])
            #expect(copied["created"] == 5)
            let (_, updated) = try await post(
                client, "/copy/_update_by_query",
                #"{"query":{"multi_match":{"query":"heat","fields":["title"]}}}"#)
            #expect(updated["updated"] == 3)  // Heat, The Heat of the Night, Final: Heat vs Celtics
            let (_, deleted) = try await post(
                client, "/copy/_delete_by_query",
                #"{"query":{"constant_score":{"filter":{"match_phrase":{"title":"night shift"}}}}}"#,
                query: ["refresh": "true"])
            #expect(deleted["deleted"] == 1)
            let (_, count) = try await post(client, "/copy/_count", "{}")
            #expect(count["count"] == 4)
            let (unknownStatus, unknown) = try await post(
                client, "/copy/_delete_by_query", #"{"query":{"no_such_query":{}}}"#)
            #expect(unknownStatus == .badRequest)
            #expect(unknown["error"]?["type"] == "parsing_exception")
            #expect(unknown["error"]?["reason"] == "unknown query [no_such_query]")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func multiGetAndMultiSearch(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let (_, got) = try await post(
                client, "/_mget",
                #"{"docs":[{"_index":"catalogue","_id":"a2","_source":["title"]},{"_index":"gone","_id":"x"}]}"#
            )
            #expect(got["docs"]?[0]?["_source"] == ["title": "The Heat of the Night"])
            #expect(got["docs"]?[1]?["error"]?["type"] == "index_not_found_exception")
            let (status, _) = try await post(client, "/_mget", #"{"ids":["a1"]}"#)
            #expect(status == .badRequest)

            let response = try await client.post(
                "/catalogue/_msearch", headers: Self.ndjson,
                body: .text(
                    "{}\n" + #"{"query":{"term":{"type":"movie"}},"size":0}"# + "\n" + #"{"index":"gone"}"#
                        + "\n{}\n"))
            let answers = try JSONValue(parsing: response.body)["responses"]
            #expect(answers?[0]?["hits"]?["total"]?["value"] == 2)
            #expect(answers?[0]?["status"] == 200)
            #expect(answers?[1]?["status"] == 404)
        }
    }
}
