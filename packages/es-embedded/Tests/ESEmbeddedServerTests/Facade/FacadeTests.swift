import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// REST details of the facade that `HTTPSearchBackend` does not exercise, in-process through
/// the router and live over loopback.
@Suite struct FacadeTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]

    private func withFacade(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws {
        try await FacadeFixture.test(mode, body)
    }

    private func body(_ response: Response) throws -> JSONValue {
        try JSONValue(parsing: response.body)
    }

    @Test(arguments: TestingMode.allCases)
    func rootAndClusterHealth(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let root = try await client.get("/")
            #expect(root.status == .ok)
            #expect(root.headers["X-elastic-product"] == "Elasticsearch")
            #expect(try body(root)["version"]?["number"] == "8.15.0")
            #expect(try body(root)["tagline"] == "You Know, for Search")
            #expect(try body(try await client.get("/_cluster/health"))["status"] == "green")
            _ = try await client.put("/one", headers: Self.json, body: "{}")
            let yellow = try body(try await client.get("/_cluster/health"))
            #expect(yellow["status"] == "yellow")
            #expect(yellow["unassigned_shards"] == 1)
            _ = try await client.put(
                "/two", headers: Self.json, body: #"{"settings":{"number_of_replicas":0}}"#)
            #expect(try body(try await client.get("/_cluster/health/two"))["status"] == "green")
            let pretty = try await client.get("/", query: ["pretty": ""])
            #expect(pretty.bodyText.contains("\n  \"cluster_name\""))
        }
    }

    @Test(arguments: TestingMode.allCases)
    func indexEndpoints(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let created = try await client.put(
                "/things", headers: Self.json,
                body:
                    #"{"settings":{"index":{"number_of_shards":1}},"mappings":{"properties":{"name":{"type":"keyword"}}},"aliases":{"all-things":{}}}"#
            )
            #expect(created.status == .ok)
            #expect(
                try body(created) == ["acknowledged": true, "shards_acknowledged": true, "index": "things"])
            #expect(try await client.head("/things").status == .ok)
            #expect(try await client.head("/things").body.isEmpty)
            #expect(try await client.head("/nothing").status == .notFound)
            let described = try body(try await client.get("/things"))
            #expect(described["things"]?["aliases"] == ["all-things": [:]])
            #expect(described["things"]?["settings"]?["index"]?["number_of_shards"] == "1")
            #expect(described["things"]?["mappings"]?["properties"]?["name"]?["type"] == "keyword")
            let badType = try await client.put(
                "/broken", headers: Self.json,
                body: #"{"mappings":{"properties":{"x":{"type":"geo_point"}}}}"#)
            #expect(badType.status == .badRequest)
            #expect(try body(badType)["error"]?["type"] == "mapper_parsing_exception")
            #expect(
                try body(badType)["error"]?["reason"]
                    == "No handler for type [geo_point] declared on field [x]")
            let mapping = try body(try await client.get("/all-things/_mapping"))
            #expect(mapping["things"]?["mappings"]?["properties"]?["name"]?["type"] == "keyword")
            let deleteAlias = try await client.delete("/all-things")
            #expect(deleteAlias.status == .badRequest)
            #expect(
                try body(deleteAlias)["error"]?["reason"]?.stringValue?.contains("matches an alias") == true)
            #expect(try await client.delete("/things").status == .ok)
            #expect(try await client.delete("/things").status == .notFound)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func documentEndpoints(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let created = try await client.put(
                "/docs/_doc/1", query: ["refresh": "true"], headers: Self.json, body: #"{"n":1}"#)
            #expect(created.status == .created)
            #expect(try body(created)["result"] == "created")
            #expect(try body(created)["forced_refresh"] == true)
            let replaced = try await client.put("/docs/_doc/1", headers: Self.json, body: #"{"n":2}"#)
            #expect(replaced.status == .ok)
            #expect(try body(replaced)["_version"] == 2)
            let generated = try await client.post("/docs/_doc", headers: Self.json, body: #"{"n":3}"#)
            #expect(generated.status == .created)
            #expect(try body(generated)["_id"]?.stringValue?.count == 20)
            let conflict = try await client.put("/docs/_create/1", headers: Self.json, body: #"{"n":9}"#)
            #expect(conflict.status == .conflict)
            #expect(try body(conflict)["error"]?["type"] == "version_conflict_engine_exception")
            let opType = try await client.put(
                "/docs/_doc/1", query: ["op_type": "create"], headers: Self.json, body: "{}")
            #expect(opType.status == .conflict)
            let fetched = try await client.get("/docs/_doc/1", query: ["_source_includes": "n"])
            #expect(try body(fetched)["_source"] == ["n": 2])
            let missing = try await client.get("/docs/_doc/404")
            #expect(missing.status == .notFound)
            #expect(try body(missing) == ["_index": "docs", "_id": "404", "found": false])
            #expect(try await client.head("/docs/_doc/1").status == .ok)
            let noop = try await client.post("/docs/_update/1", headers: Self.json, body: #"{"doc":{"n":2}}"#)
            #expect(try body(noop)["result"] == "noop")
            let updated = try await client.post(
                "/docs/_update/1", headers: Self.json, body: #"{"doc":{"m":1}}"#)
            #expect(try body(updated)["result"] == "updated")
            #expect(try body(try await client.get("/docs/_doc/1"))["_source"] == ["n": 2, "m": 1])
            let ghost = try await client.post(
                "/docs/_update/ghost", headers: Self.json, body: #"{"doc":{"m":1}}"#)
            #expect(ghost.status == .notFound)
            #expect(try body(ghost)["error"]?["type"] == "document_missing_exception")
            let upserted = try await client.post(
                "/docs/_update/new", headers: Self.json, body: #"{"doc":{"m":1},"doc_as_upsert":true}"#)
            #expect(upserted.status == .created)
            let deleted = try await client.delete("/docs/_doc/1")
            #expect(deleted.status == .ok)
            #expect(try body(deleted)["result"] == "deleted")
            let notFound = try await client.delete("/docs/_doc/1")
            #expect(notFound.status == .notFound)
            #expect(try body(notFound)["result"] == "not_found")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func errorsAreShapedAsElasticsearchShapesThem(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let noHandler = try await client.get("/a/b/c/d")
            #expect(noHandler.status == .badRequest)
            #expect(
                try body(noHandler) == [
                    "error": "no handler found for uri [/a/b/c/d] and method [GET]", "status": 400,
                ])
            let wrongMethod = try await client.get("/_bulk")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(
                try body(wrongMethod)["error"]
                    == "Incorrect HTTP method for uri [/_bulk] and method [GET], allowed: [POST, PUT]")
            let unknownParameter = try await client.get("/_search", query: ["colour": "red"])
            #expect(unknownParameter.status == .badRequest)
            #expect(
                try body(unknownParameter)["error"]?["reason"]
                    == "request [/_search] contains unrecognized parameter: [colour]")
            let form = try await client.put(
                "/x", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "{}")
            #expect(form.status == HTTPStatus(code: 406))
            #expect(
                try body(form) == [
                    "error": "Content-Type header [application/x-www-form-urlencoded] is not supported",
                    "status": 406,
                ])
            let broken = try await client.put("/x", headers: Self.json, body: #"{"mappings": "#)
            #expect(broken.status == .badRequest)
            #expect(try body(broken)["error"]?["type"] == "x_content_parse_exception")
            let badBulk = try await client.post(
                "/_bulk", headers: ["Content-Type": "application/x-ndjson"],
                body: #"{"index":{"_index":"x"}}"#)
            #expect(badBulk.status == .badRequest)
            #expect(
                try body(badBulk)["error"]?["reason"]
                    == "The bulk request must be terminated by a newline [\\n]")
            let unknownQuery = try await client.post(
                "/_search", headers: Self.json, body: #"{"query":{"fuzzy_thing":{}}}"#)
            #expect(try body(unknownQuery)["error"]?["type"] == "parsing_exception")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func searchParametersAndAliasAnswers(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let lines = (1...5).map {
                #"{"index":{"_index":"s","_id":"\#($0)"}}"# + "\n" + #"{"n":\#($0),"tag":"t\#($0)"}"#
            }
            let bulk = try await client.post(
                "/_bulk", query: ["refresh": "true"], headers: ["Content-Type": "application/x-ndjson"],
                body: .text(lines.joined(separator: "\n") + "\n"))
            #expect(try body(bulk)["errors"] == false)
            let page = try body(
                try await client.get(
                    "/s/_search", query: ["size": "2", "from": "1", "sort": "n:desc", "_source": "n"]))
            #expect(page["hits"]?["hits"]?[0]?["_id"] == "4")
            #expect(page["hits"]?["hits"]?[0]?["_source"] == ["n": 4])
            #expect(page["hits"]?["total"] == ["value": 5, "relation": "eq"])
            let asInt = try body(
                try await client.get("/s/_search", query: ["rest_total_hits_as_int": "true", "size": "0"]))
            #expect(asInt["hits"]?["total"] == 5)
            let count = try body(
                try await client.post(
                    "/s/_count", headers: Self.json, body: #"{"query":{"range":{"n":{"gte":3}}}}"#))
            #expect(count["count"] == 3)
            #expect(try await client.put("/s/_alias/current").status == .ok)
            let found = try await client.get("/_alias/current")
            #expect(try body(found) == ["s": ["aliases": ["current": [:]]]])
            let partly = try await client.get("/_alias/current,ghost")
            #expect(partly.status == .notFound)
            #expect(
                try body(partly) == [
                    "error": "alias [ghost] missing", "status": 404, "s": ["aliases": ["current": [:]]],
                ])
            #expect(try await client.delete("/s/_alias/current").status == .ok)
            let gone = try await client.delete("/s/_alias/current")
            #expect(gone.status == .notFound)
            #expect(try body(gone)["error"]?["type"] == "aliases_not_found_exception")
            let refresh = try await client.post("/s/_refresh")
            #expect(try body(refresh)["_shards"]?["successful"] == 1)
        }
    }
}
