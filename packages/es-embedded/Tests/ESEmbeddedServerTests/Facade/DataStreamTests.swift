import CLIKitTesting
import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// Data streams over composable templates with `data_stream: {}`: created explicitly or by a
/// first `create`, backing indices named as Elasticsearch names them, `@timestamp` required,
/// creates only, read through the stream's name, deleted with their backing indices.
@Suite struct DataStreamTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14

    private func withFacade(
        _ mode: TestingMode, backend: EmbeddedSearchBackend? = nil, _ body: (TestClient) async throws -> Void
    ) async throws {
        try await FacadeFixture.test(
            mode, backend: backend ?? EmbeddedSearchBackend(clock: .frozen(at: Self.now)), body)
    }

    private func send(
        _ client: TestClient, _ method: HTTPMethod, _ path: String, _ body: String = "",
        query: QueryItems = [:]
    ) async throws -> (status: Int, json: JSONValue) {
        let response = try await client.execute(
            method, path, query: query, headers: body.isEmpty ? [:] : ["Content-Type": "application/json"],
            body: body.isEmpty ? .empty : .text(body))
        return (response.status.code, response.body.isEmpty ? .null : try JSONValue(parsing: response.body))
    }

    private static let template =
        #"{"index_patterns":["logs-*"],"data_stream":{},"priority":100,"template":{"settings":{"number_of_replicas":0},"mappings":{"properties":{"message":{"type":"text"}}}}}"#

    @Test(arguments: TestingMode.allCases)
    func aDataStreamIsCreatedWrittenReadAndDeletedAsInElasticsearch(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            #expect(try await send(client, .put, "/_index_template/logs", Self.template).status == 200)
            #expect(try await send(client, .put, "/_data_stream/logs-app").status == 200)
            let again = try await send(client, .put, "/_data_stream/logs-app")
            #expect(again.status == 400)
            #expect(again.json["error"]?["type"] == "resource_already_exists_exception")

            let written = try await send(
                client, .post, "/logs-app/_doc",
                #"{"@timestamp":"2023-11-14T22:13:20Z","message":"started"}"#,
                query: ["refresh": "true"])
            #expect(written.status == 201)
            #expect(written.json["_index"] == ".ds-logs-app-2023.11.14-000001")
            // A first create to a new matching name starts its data stream; bulk too.
            let bulk = try await send(
                client, .post, "/_bulk",
                """
                {"create":{"_index":"logs-web"}}
                {"@timestamp":"2023-11-14T22:13:21Z","message":"get /"}
                {"index":{"_index":"logs-web","_id":"1"}}
                {"@timestamp":"2023-11-14T22:13:22Z"}
                {"create":{"_index":"logs-web"}}
                {"message":"no time"}

                """, query: ["refresh": "true"])
            let items = bulk.json["items"]?.arrayValue ?? []
            #expect(items.count == 3)
            #expect(items.first?["create"]?["status"] == 201)
            #expect(
                items.dropFirst().first?["index"]?["error"]?["reason"]
                    == "only write ops with an op_type of create are allowed in data streams")
            #expect(items.last?["create"]?["error"]?["type"] == "document_parsing_exception")

            let listed = try await send(client, .get, "/_data_stream/logs-*")
            let streams = listed.json["data_streams"]?.arrayValue ?? []
            #expect(streams.map { $0["name"] } == ["logs-app", "logs-web"])
            #expect(streams.first?["template"] == "logs")
            #expect(streams.first?["timestamp_field"] == ["name": "@timestamp"])
            #expect(streams.first?["indices"]?[0]?["index_name"] == ".ds-logs-app-2023.11.14-000001")
            #expect(streams.first?["status"] == "GREEN")

            let counted = try await send(client, .get, "/logs-*/_count")
            #expect(counted.json["count"] == 2)
            let mapping = try await send(client, .get, "/logs-app/_mapping")
            #expect(
                mapping.json[".ds-logs-app-2023.11.14-000001"]?["mappings"]?["properties"]?["@timestamp"]
                    == ["type": "date"])

            let plainIndex = try await send(client, .put, "/logs-x")
            #expect(plainIndex.status == 400, "a data-stream template makes data streams only")
            let writeIndex = try await send(client, .delete, "/.ds-logs-app-2023.11.14-000001")
            #expect(writeIndex.status == 400)
            let byName = try await send(client, .delete, "/logs-app")
            #expect(byName.status == 400, "the delete-index API names concrete indices")

            #expect(try await send(client, .delete, "/_data_stream/logs-web").status == 200)
            #expect(try await send(client, .get, "/_data_stream/logs-web").status == 404)
            #expect(try await send(client, .head, "/.ds-logs-web-2023.11.14-000001").status == 404)
            #expect(try await send(client, .delete, "/_data_stream/*").status == 200)
            #expect(try await send(client, .get, "/_data_stream").json == ["data_streams": []])
        }
    }

    @Test(arguments: TestingMode.allCases)
    func withoutADataStreamTemplateThereIsNoDataStream(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let none = try await send(client, .put, "/_data_stream/logs-app")
            #expect(none.status == 400)
            #expect(
                none.json["error"]?["reason"] == "no matching index template found for data stream [logs-app]"
            )
            #expect(
                try await send(client, .put, "/_index_template/plain", #"{"index_patterns":["logs-*"]}"#)
                    .status == 200)
            let plain = try await send(client, .put, "/_data_stream/logs-app")
            #expect(
                plain.json["error"]?["reason"]
                    == "matching index template [plain] for data stream [logs-app] has no data stream template"
            )
            // A plain template's names stay plain indices.
            #expect(try await send(client, .put, "/logs-app/_doc/1", #"{"n":1}"#).status == 201)
        }
    }

    @Test func aDataStreamSurvivesARestart() async throws {
        try await withTemporaryDirectory { (directory: URL) async throws -> Void in
            try await restart(in: directory)
        }
    }

    private func restart(in directory: URL) async throws {
        func open() throws -> EmbeddedSearchBackend {
            try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: directory, clock: .frozen(at: Self.now)))
        }
        let first = try open()
        let write: @Sendable (TestClient) async throws -> Void = { client in
            for (path, body) in [
                ("/_index_template/logs", Self.template),
                ("/logs-app/_create/1", #"{"@timestamp":"2023-11-14T22:13:20Z"}"#),
            ] {
                let response = try await client.put(
                    path, headers: ["Content-Type": "application/json"], body: .text(body))
                #expect(response.status.code < 300, "\(path): \(response.bodyText)")
            }
        }
        try await withFacade(.router, backend: first, write)
        try first.close()
        let second = try open()
        let check: @Sendable (TestClient) async throws -> Void = { client in
            let listed = try JSONValue(parsing: try await client.get("/_data_stream").body)
            #expect(listed["data_streams"]?[0]?["name"] == "logs-app")
            let count = try JSONValue(parsing: try await client.get("/logs-app/_count").body)
            #expect(count["count"] == 1)
        }
        try await withFacade(.router, backend: second, check)
        try second.close()
    }
}
