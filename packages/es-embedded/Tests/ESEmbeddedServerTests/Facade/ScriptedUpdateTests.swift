import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// `_update` and bulk `update` with Painless scripts, scripted upserts, `ctx.op`, and
/// `script.allowed_types`, as Elasticsearch 8 answers them.
@Suite struct ScriptedUpdateTests {
    private func withFacade(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws {
        let backend = FacadeFixture.backend()
        _ = try await backend.index("docs", id: "1", document: ["n": 1, "tags": ["a"]], refresh: .immediate)
        try await FacadeFixture.test(mode, backend: backend, body)
    }

    private func post(
        _ client: TestClient, _ path: String, _ body: String, method: HTTPMethod = .post,
        query: QueryItems = [:]
    ) async throws -> (status: Int, json: JSONValue) {
        let response = try await client.execute(
            method, path, query: query, headers: ["Content-Type": "application/json"], body: .text(body))
        return (response.status.code, try JSONValue(parsing: response.body))
    }

    private func source(_ client: TestClient, _ id: String) async throws -> JSONValue? {
        try JSONValue(parsing: try await client.get("/docs/_doc/\(id)").body)["_source"]
    }

    @Test(arguments: TestingMode.allCases)
    func scriptsChangeDeleteOrLeaveTheDocument(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let updated = try await post(
                client, "/docs/_update/1",
                #"{"script":{"source":"ctx._source.n += params.by; ctx._source.tags.add(params.tag)","params":{"by":2,"tag":"b"}}}"#
            )
            #expect(updated.status == 200)
            #expect(updated.json["result"] == "updated")
            #expect(updated.json["_version"] == 2)
            #expect(try await source(client, "1") == ["n": 3, "tags": ["a", "b"]])

            let noop = try await post(client, "/docs/_update/1", #"{"script":"ctx.op = 'noop'"}"#)
            #expect(noop.json["result"] == "noop")
            #expect(noop.json["_version"] == 2)

            let badOp = try await post(client, "/docs/_update/1", #"{"script":"ctx.op = 'explode'"}"#)
            #expect(badOp.status == 400)
            #expect(
                badOp.json["error"]?["reason"]
                    == "Operation type [explode] not allowed, only [noop, index, delete] are allowed")

            let failing = try await post(
                client, "/docs/_update/1", #"{"script":"ctx._source.n = ctx._source.none.size()"}"#)
            #expect(failing.status == 400)
            #expect(failing.json["error"]?["reason"] == "failed to execute script")
            #expect(failing.json["error"]?["caused_by"]?["type"] == "script_exception")
            #expect(failing.json["error"]?["caused_by"]?["reason"] == "runtime error")
            #expect(
                try await source(client, "1") == ["n": 3, "tags": ["a", "b"]],
                "a failed script changes nothing")

            let deleted = try await post(client, "/docs/_update/1", #"{"script":"ctx.op = 'delete'"}"#)
            #expect(deleted.json["result"] == "deleted")
            #expect(try await client.get("/docs/_doc/1").status == .notFound)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func upsertsRunTheScriptOnlyWhenScripted(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let counter =
                #"{"scripted_upsert":true,"script":{"source":"ctx._source.count = (ctx._source.count ?: 0) + 1"},"upsert":{}}"#
            #expect(try await post(client, "/docs/_update/c", counter).json["result"] == "created")
            #expect(try await post(client, "/docs/_update/c", counter).json["result"] == "updated")
            #expect(try await source(client, "c") == ["count": 2])
            let plain = #"{"script":{"source":"ctx._source.count++"},"upsert":{"count":10}}"#
            #expect(try await post(client, "/docs/_update/p", plain).json["result"] == "created")
            #expect(
                try await source(client, "p") == ["count": 10],
                "without scripted_upsert the upsert goes in as is")
            let missing = try await post(client, "/docs/_update/none", #"{"script":"ctx._source.n = 1"}"#)
            #expect(missing.status == 404)
            #expect(missing.json["error"]?["type"] == "document_missing_exception")
            let both = try await post(
                client, "/docs/_update/p", #"{"script":"ctx._source.n = 1","doc":{"n":2}}"#)
            #expect(both.status == 400)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func bulkUpdatesRunScriptsItemByItem(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let bulk = try await post(
                client, "/_bulk",
                """
                {"update":{"_index":"docs","_id":"1"}}
                {"script":{"source":"ctx._source.n *= 10"}}
                {"update":{"_index":"docs","_id":"1"}}
                {"script":{"source":"ctx._source.n = 1 / 0"}}

                """)
            let items = bulk.json["items"]?.arrayValue ?? []
            #expect(items.first?["update"]?["result"] == "updated")
            #expect(items.last?["update"]?["error"]?["caused_by"]?["caused_by"]?["reason"] == "/ by zero")
            #expect(try await source(client, "1")?["n"] == 10)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func updateByQueryRunsTheScriptOnEveryMatch(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            for (id, n) in [("2", 2), ("3", 3), ("4", 4)] {
                _ = try await post(client, "/docs/_doc/\(id)", #"{"n":\#(n)}"#, method: .put)
            }
            _ = try await client.post("/docs/_refresh")
            let response = try await post(
                client, "/docs/_update_by_query",
                #"{"query":{"range":{"n":{"gte":2}}},"script":{"source":"if (ctx._source.n == 3) { ctx.op = 'noop' } else if (ctx._source.n == 4) { ctx.op = 'delete' } else { ctx._source.n += params.by }","params":{"by":100}}}"#,
                query: ["refresh": "true"])
            #expect(response.status == 200, "\(response.json)")
            #expect(response.json["total"] == 3)
            #expect(response.json["updated"] == 1)
            #expect(response.json["noops"] == 1)
            #expect(response.json["deleted"] == 1)
            #expect(try await source(client, "2") == ["n": 102])
            #expect(try await source(client, "3") == ["n": 3])
            #expect(try await client.get("/docs/_doc/4").status == .notFound)
            let compile = try await post(client, "/docs/_update_by_query", #"{"script":"ctx._source.n = ("}"#)
            #expect(compile.status == 400)
            #expect(compile.json["error"]?["type"] == "script_exception")
            #expect(try await source(client, "1") == ["n": 1, "tags": ["a"]], "nothing written")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func allowedTypesNoneRefusesScriptsAsElasticsearchDoes(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let off = try await post(
                client, "/_cluster/settings", #"{"transient":{"script.allowed_types":"none"}}"#, method: .put)
            #expect(off.status == 200)
            let refused = try await post(client, "/docs/_update/1", #"{"script":"ctx._source.n = 2"}"#)
            #expect(refused.status == 400)
            #expect(refused.json["error"]?["reason"] == "cannot execute [inline] scripts")
            _ = try await post(
                client, "/_cluster/settings", #"{"transient":{"script.allowed_types":null}}"#, method: .put)
            #expect(
                try await post(client, "/docs/_update/1", #"{"script":"ctx._source.n = 2"}"#).status == 200)
        }
    }
}
