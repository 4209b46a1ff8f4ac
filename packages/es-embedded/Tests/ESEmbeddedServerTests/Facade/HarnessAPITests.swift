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

/// The calls test harnesses make around each test against an Elasticsearch 8 cluster: snapshot
/// repositories, legacy, component and composable templates, cluster settings, state, pending
/// tasks and health, index maintenance on any expression, and the `_cat` tables.
@Suite struct HarnessAPITests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func withFacade(
        _ mode: TestingMode, backend: EmbeddedSearchBackend? = nil, _ body: (TestClient) async throws -> Void
    ) async throws {
        try await FacadeFixture.test(
            mode, backend: backend ?? EmbeddedSearchBackend(clock: .frozen(at: Self.now)), body)
    }

    private func json(_ response: Response) throws -> JSONValue {
        try JSONValue(parsing: response.body)
    }

    private func put(_ client: TestClient, _ path: String, _ body: String, query: QueryItems = [:])
        async throws
        -> Response
    {
        try await client.put(
            path, query: query, headers: ["Content-Type": "application/json"], body: .text(body))
    }

    /// The cleanup a harness runs between tests, written as such harnesses write it: list, then
    /// delete, every snapshot repository, data stream, index and template; reset cluster
    /// settings; wait for pending tasks and a yellow cluster.
    private func wipe(_ client: TestClient) async throws {
        let repositories = try json(try await client.get("/_snapshot/_all")).objectValue ?? [:]
        for name in repositories.keys {
            let snapshots = try json(try await client.get("/_snapshot/\(name)/_all"))
            #expect(snapshots["snapshots"] == [])
            #expect(try await client.delete("/_snapshot/\(name)").status == .ok)
        }
        #expect(try await client.delete("/_data_stream/*", query: ["expand_wildcards": "all"]).status == .ok)
        let indices = try json(
            try await client.get("/_cat/indices", query: ["format": "json", "h": "index"]))
        for row in indices.arrayValue ?? [] {
            let name = try #require(row["index"]?.stringValue)
            #expect(try await client.delete("/\(name)").status == .ok)
        }
        for name in try json(try await client.get("/_template")).objectValue?.keys.sorted() ?? [] {
            #expect(try await client.delete("/_template/\(name)").status == .ok)
        }
        for template in try json(try await client.get("/_index_template"))["index_templates"]?.arrayValue
            ?? []
        {
            let name = try #require(template["name"]?.stringValue)
            #expect(try await client.delete("/_index_template/\(name)").status == .ok)
        }
        for template in try json(try await client.get("/_component_template"))["component_templates"]?
            .arrayValue
            ?? []
        {
            let name = try #require(template["name"]?.stringValue)
            #expect(try await client.delete("/_component_template/\(name)").status == .ok)
        }
        let reset = try await put(
            client, "/_cluster/settings", #"{"persistent":{"*":null},"transient":{"*":null}}"#)
        #expect(reset.status == .ok, "\(reset.bodyText)")
        #expect(try json(try await client.get("/_cluster/pending_tasks")) == ["tasks": []])
        let health = try await client.get(
            "/_cluster/health", query: ["wait_for_status": "yellow", "wait_for_no_relocating_shards": "true"])
        #expect(health.status == .ok)
    }

    @Test(arguments: TestingMode.allCases)
    func aHarnessCleanupLeavesAnEmptyCluster(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            try await wipe(client)
            #expect(
                try await put(
                    client, "/_snapshot/backups", #"{"type":"fs","settings":{"location":"/tmp/b"}}"#
                )
                .status == .ok)
            #expect(
                try await put(client, "/_template/legacy", #"{"index_patterns":["old-*"],"order":1}"#).status
                    == .ok)
            #expect(
                try await put(
                    client, "/_component_template/shared",
                    #"{"template":{"settings":{"number_of_replicas":0}}}"#
                )
                .status == .ok)
            #expect(
                try await put(
                    client, "/_index_template/logs",
                    #"{"index_patterns":["logs-*"],"composed_of":["shared"]}"#
                )
                .status == .ok)
            #expect(try await put(client, "/logs-1", "{}").status == .ok)
            #expect(try await put(client, "/old-1", "{}").status == .ok)
            #expect(
                try await put(
                    client, "/_cluster/settings",
                    #"{"persistent":{"cluster.routing.allocation.enable":"primaries"},"transient":{"indices":{"recovery":{"max_bytes_per_sec":"50mb"}}}}"#
                ).status == .ok)

            try await wipe(client)
            for path in ["/_template/*", "/_index_template/*", "/_component_template/*", "/_snapshot/*"] {
                let none = try await client.delete(path)
                #expect(none.status == .ok, "a match-all pattern may match nothing: \(path)")
            }

            #expect(try json(try await client.get("/_snapshot")) == [:])
            #expect(try json(try await client.get("/_template")) == [:])
            #expect(try json(try await client.get("/_index_template"))["index_templates"] == [])
            #expect(try json(try await client.get("/_component_template"))["component_templates"] == [])
            #expect(try json(try await client.get("/_cat/indices", query: ["format": "json"])) == [])
            #expect(
                try json(try await client.get("/_cluster/settings")) == ["persistent": [:], "transient": [:]])
        }
    }

    @Test(arguments: TestingMode.allCases)
    func snapshotRepositoriesAreListedAndDeletedAndRefusedAsElasticsearchRefusesThem(mode: TestingMode)
        async throws
    {
        try await withFacade(mode) { client in
            #expect(
                try await put(
                    client, "/_snapshot/a", #"{"type":"fs","settings":{"location":"/x","compress":true}}"#
                )
                .status == .ok)
            #expect(
                try await put(client, "/_snapshot/b", #"{"type":"url","settings":{"url":"file:/x"}}"#).status
                    == .ok)
            let listed = try json(try await client.get("/_snapshot/_all"))
            #expect(listed["a"] == ["type": "fs", "settings": ["location": "/x", "compress": "true"]])
            #expect(
                try json(try await client.get("/_snapshot/b,nothing*")).objectValue?.keys.sorted() == ["b"])

            let unknown = try await put(client, "/_snapshot/c", #"{"type":"hdfs"}"#)
            #expect(unknown.status.code == 500)
            #expect(try json(unknown)["error"]?["type"] == "repository_exception")
            #expect(try json(unknown)["error"]?["reason"] == "[c] repository type [hdfs] does not exist")
            let noType = try await put(client, "/_snapshot/c", #"{"settings":{}}"#)
            #expect(noType.status == .badRequest)
            #expect(try json(noType)["error"]?["reason"] == "Validation Failed: 1: type is missing;")
            let noLocation = try await put(client, "/_snapshot/c", #"{"type":"fs"}"#)
            #expect(try json(noLocation)["error"]?["reason"] == "[c] missing location")

            let missing = try await client.get("/_snapshot/c")
            #expect(missing.status == .notFound)
            #expect(try json(missing)["error"]?["type"] == "repository_missing_exception")
            #expect(try json(missing)["error"]?["reason"] == "[c] missing")
            let snapshot = try await client.get("/_snapshot/a/nightly")
            #expect(snapshot.status == .notFound)
            #expect(try json(snapshot)["error"]?["type"] == "snapshot_missing_exception")
            #expect(try await client.post("/_snapshot/a/_verify").status == .ok)
            let take = try await put(client, "/_snapshot/a/nightly", "{}")
            #expect(take.status == .badRequest, "es-embedded takes no snapshots, and says so")

            #expect(try await client.delete("/_snapshot/c").status == .notFound)
            #expect(try await client.delete("/_snapshot/*").status == .ok)
            #expect(try json(try await client.get("/_snapshot")) == [:])
        }
    }

    @Test(arguments: TestingMode.allCases)
    func templatesApplyAtCreationAsElasticsearchChoosesThem(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            // Legacy templates merge by ascending order; the request wins over both.
            #expect(
                try await put(
                    client, "/_template/low",
                    #"{"index_patterns":["app-*"],"order":0,"settings":{"number_of_replicas":2},"mappings":{"properties":{"a":{"type":"keyword"}}},"aliases":{"apps":{}}}"#
                ).status == .ok)
            #expect(
                try await put(
                    client, "/_template/high",
                    #"{"index_patterns":"app-*","order":5,"version":3,"settings":{"index.number_of_replicas":0},"mappings":{"_doc":{"properties":{"b":{"type":"long"}}}}}"#
                ).status == .ok)
            #expect(
                try await put(client, "/app-1", #"{"mappings":{"properties":{"c":{"type":"text"}}}}"#).status
                    == .ok)
            let created = try json(try await client.get("/app-1"))["app-1"]
            #expect(created?["settings"]?["index"]?["number_of_replicas"] == "0")
            #expect(created?["mappings"]?["properties"]?.objectValue?.keys.sorted() == ["a", "b", "c"])
            #expect(created?["aliases"]?.objectValue?.keys.sorted() == ["apps"])
            let shown = try json(try await client.get("/_template/high"))
            #expect(shown["high"]?["order"] == 5)
            #expect(shown["high"]?["version"] == 3)
            #expect(shown["high"]?["index_patterns"] == ["app-*"])
            #expect(shown["high"]?["settings"] == ["index": ["number_of_replicas": "0"]])
            #expect(try await client.get("/_template/nothing").status == .notFound)
            #expect(try await client.head("/_template/low").status == .ok)
            let missing = try await client.delete("/_template/nothing")
            #expect(missing.status == .notFound)
            #expect(try json(missing)["error"]?["type"] == "index_template_missing_exception")

            // A composable template, composed of component templates in order, wins over legacy ones.
            let unknownComponent = try await put(
                client, "/_index_template/apps", #"{"index_patterns":["app-*"],"composed_of":["base"]}"#)
            #expect(unknownComponent.status == .badRequest)
            #expect(try json(unknownComponent)["error"]?["type"] == "invalid_index_template_exception")
            #expect(
                try await put(
                    client, "/_component_template/base",
                    #"{"template":{"settings":{"number_of_replicas":1},"mappings":{"properties":{"d":{"type":"keyword"}}}}}"#
                ).status == .ok)
            #expect(
                try await put(
                    client, "/_component_template/zero",
                    #"{"template":{"settings":{"number_of_replicas":0}}}"#
                )
                .status == .ok)
            #expect(
                try await put(
                    client, "/_index_template/apps",
                    #"{"index_patterns":["app-*"],"composed_of":["base","zero"],"priority":10}"#
                ).status == .ok)
            #expect(try await put(client, "/app-2", "{}").status == .ok)
            let composed = try json(try await client.get("/app-2"))["app-2"]
            #expect(composed?["settings"]?["index"]?["number_of_replicas"] == "0", "a later component wins")
            #expect(
                composed?["mappings"]?["properties"]?.objectValue?.keys.sorted() == ["d"],
                "no legacy template")

            let inUse = try await client.delete("/_component_template/base")
            #expect(inUse.status == .badRequest)
            #expect(
                try json(inUse)["error"]?["reason"]
                    == "component templates [base] cannot be removed as they are still in use by index templates [apps]"
            )
            let listed = try json(try await client.get("/_component_template/ba*"))["component_templates"]
            #expect(listed?.arrayValue?.map { $0["name"] } == ["base"])
            #expect(
                listed?[0]?["component_template"]?["template"]?["settings"] == [
                    "index": ["number_of_replicas": "1"]
                ])
            let unknown = try await client.get("/_component_template/nothing")
            #expect(unknown.status == .notFound)
            #expect(try json(unknown)["error"]?["type"] == "resource_not_found_exception")

            let cat = try await client.get("/_cat/templates", query: ["v": "true", "s": "name"])
            #expect(
                cat.bodyText
                    == """
                    name index_patterns order version composed_of
                    apps [app-*]           10         [base, zero]
                    high [app-*]            5 3       
                    low  [app-*]            0         

                    """)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func clusterSettingsArePersistentOrTransientAndResetWithNull(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let set = try await put(
                client, "/_cluster/settings",
                #"{"persistent":{"cluster":{"routing":{"allocation":{"enable":"none"}}},"search.max_buckets":20000},"transient":{"logger.org.elasticsearch":"DEBUG"}}"#
            )
            #expect(set.status == .ok, "\(set.bodyText)")
            #expect(try json(set)["persistent"]?["search"]?["max_buckets"] == "20000", "kept as strings")
            #expect(try json(set)["acknowledged"] == true)
            let flat = try json(try await client.get("/_cluster/settings", query: ["flat_settings": "true"]))
            #expect(
                flat["persistent"] == [
                    "cluster.routing.allocation.enable": "none", "search.max_buckets": "20000",
                ])
            #expect(flat["transient"] == ["logger.org.elasticsearch": "DEBUG"])

            let unknown = try await put(
                client, "/_cluster/settings", #"{"persistent":{"no.such.setting":1}}"#)
            #expect(unknown.status == .badRequest)
            #expect(
                try json(unknown)["error"]?["reason"]
                    == "persistent setting [no.such.setting], not recognized")
            let empty = try await put(client, "/_cluster/settings", #"{}"#)
            #expect(try json(empty)["error"]?["reason"] == "Validation Failed: 1: no settings to update;")
            let badKey = try await put(client, "/_cluster/settings", #"{"permanent":{}}"#)
            #expect(try json(badKey)["error"]?["type"] == "x_content_parse_exception")

            #expect(
                try await put(client, "/_cluster/settings", #"{"persistent":{"search.max_buckets":null}}"#)
                    .status == .ok)
            #expect(
                try await put(client, "/_cluster/settings", #"{"persistent":{"cluster.routing.*":null}}"#)
                    .status == .ok)
            let after = try json(try await client.get("/_cluster/settings"))
            #expect(after["persistent"] == [:])
            #expect(after["transient"] == ["logger": ["org": ["elasticsearch": "DEBUG"]]])
        }
    }

    @Test func clusterMetadataSurvivesARestartAndTransientSettingsDoNot() async throws {
        try await withTemporaryDirectory { (directory: URL) async throws -> Void in
            try await restart(in: directory)
        }
    }

    private func open(_ directory: URL) throws -> EmbeddedSearchBackend {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(dataDirectory: directory, clock: .frozen(at: Self.now))
        )
    }

    private func restart(in directory: URL) async throws {
        let first = try open(directory)
        let write: @Sendable (TestClient) async throws -> Void = { client in
            let bodies = [
                ("/_snapshot/a", #"{"type":"fs","settings":{"location":"/x"}}"#),
                ("/_template/t", #"{"index_patterns":["t-*"]}"#),
                ("/_component_template/c", #"{"template":{}}"#),
                (
                    "/_cluster/settings",
                    #"{"persistent":{"search.max_buckets":"7"},"transient":{"search.default_search_timeout":"5s"}}"#
                ),
            ]
            for (path, body) in bodies {
                let response = try await client.put(
                    path, headers: ["Content-Type": "application/json"], body: .text(body))
                #expect(response.status == .ok, "\(path): \(response.bodyText)")
            }
        }
        try await withFacade(.router, backend: first, write)
        try first.close()
        let second = try open(directory)
        let check: @Sendable (TestClient) async throws -> Void = { client in
            #expect(try json(try await client.get("/_snapshot"))["a"]?["type"] == "fs")
            #expect(try json(try await client.get("/_template")).objectValue?.keys.sorted() == ["t"])
            #expect(
                try json(try await client.get("/_component_template"))["component_templates"]?[0]?["name"]
                    == "c")
            let settings = try json(
                try await client.get("/_cluster/settings", query: ["flat_settings": "true"]))
            #expect(settings == ["persistent": ["search.max_buckets": "7"], "transient": [:]])
        }
        try await withFacade(.router, backend: second, check)
        try second.close()
    }

    @Test(arguments: TestingMode.allCases)
    func catTablesAnswerInTextAndJSON(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            #expect(
                try await put(
                    client, "/books",
                    #"{"settings":{"number_of_replicas":0},"aliases":{"library":{"is_write_index":true}}}"#
                ).status == .ok)
            #expect(try await put(client, "/films", "{}").status == .ok)
            for id in 1...3 {
                _ = try await put(client, "/books/_doc/\(id)", #"{"n":1}"#, query: ["refresh": "true"])
            }
            let text = try await client.get(
                "/_cat/indices", query: ["v": "true", "h": "health,index,docs.count", "s": "index"])
            #expect(text.headers["Content-Type"] == "text/plain; charset=UTF-8")
            #expect(
                text.bodyText == """
                    health index docs.count
                    green  books          3
                    yellow films          0

                    """)
            let sorted = try json(
                try await client.get(
                    "/_cat/indices", query: ["format": "json", "h": "i,dc", "s": "docs.count:desc"]))
            #expect(
                sorted == [["index": "books", "docs.count": "3"], ["index": "films", "docs.count": "0"]])
            let yellow = try json(
                try await client.get(
                    "/_cat/indices", query: ["format": "json", "health": "yellow", "h": "index"]))
            #expect(yellow == [["index": "films"]])
            #expect(try await client.get("/_cat/indices/nothing").status == .notFound)

            let aliases = try json(try await client.get("/_cat/aliases", query: ["format": "json"]))
            #expect(
                aliases == [
                    [
                        "alias": "library", "index": "books", "filter": "-", "routing.index": "-",
                        "routing.search": "-",
                        "is_write_index": "true",
                    ]
                ])
            let count = try await client.get("/_cat/count/books", query: ["h": "count"])
            #expect(count.bodyText == "3\n")
            let stamped = try json(try await client.get("/_cat/count", query: ["format": "json"]))
            #expect(stamped == [["epoch": "1700000000", "timestamp": "22:13:20", "count": "3"]])
            let health = try json(
                try await client.get(
                    "/_cat/health", query: ["format": "json", "h": "cluster,status,shards,unassign"]))
            #expect(
                health == [["cluster": "es-embedded", "status": "yellow", "shards": "2", "unassign": "1"]])
            let help = try await client.get("/_cat/count", query: ["help": "true"])
            #expect(help.bodyText.contains("count     | dc,docs.count,docsCount | the document count"))
            let shards = try json(
                try await client.get("/_cat/shards", query: ["format": "json", "h": "index,prirep,state"]))
            #expect(
                shards == [
                    ["index": "books", "prirep": "p", "state": "STARTED"],
                    ["index": "films", "prirep": "p", "state": "STARTED"],
                    ["index": "films", "prirep": "r", "state": "UNASSIGNED"],
                ])
            #expect(
                try json(try await client.get("/_cat/master", query: ["format": "json"]))[0]?["node"]
                    == "es-embedded")
            #expect(
                try json(try await client.get("/_cat/nodes", query: ["format": "json"]))[0]?["ip"]
                    == "127.0.0.1")
            #expect(try json(try await client.get("/_cat/pending_tasks", query: ["format": "json"])) == [])
            #expect(
                try await put(client, "/_snapshot/backups", #"{"type":"fs","settings":{"location":"/b"}}"#)
                    .status == .ok)
            #expect(
                try json(try await client.get("/_cat/repositories", query: ["format": "json"]))
                    == [["id": "backups", "type": "fs"]])
            #expect(
                try json(try await client.get("/_cat/snapshots/backups", query: ["format": "json"])) == [])
            #expect(try await client.get("/_cat/snapshots/nowhere").status == .notFound)
            #expect(
                try await put(client, "/_component_template/base", #"{"template":{},"version":2}"#).status
                    == .ok)
            #expect(
                try await put(
                    client, "/_index_template/t", #"{"index_patterns":["t-*"],"composed_of":["base"]}"#
                ).status
                    == .ok)
            #expect(
                try json(try await client.get("/_cat/component_templates", query: ["format": "json"]))
                    == [["name": "base", "version": "2", "included_in": "[t]"]])
            let endpoints = try await client.get("/_cat")
            #expect(endpoints.bodyText.hasPrefix("=^.^=\n/_cat/aliases\n"))
            let badSort = try await client.get("/_cat/indices", query: ["s": "nothing"])
            #expect(badSort.status == .badRequest)
            let yaml = try await client.get("/_cat/indices", query: ["format": "yaml"])
            #expect(yaml.status == .badRequest)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func maintenanceCallsTakeAnyIndexExpression(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            #expect(try await put(client, "/logs-1", #"{"settings":{"number_of_replicas":0}}"#).status == .ok)
            #expect(try await put(client, "/logs-2", #"{"settings":{"number_of_replicas":0}}"#).status == .ok)
            for path in [
                "/_flush", "/logs-*/_flush", "/_forcemerge", "/logs-1,logs-2/_forcemerge", "/_cache/clear",
                "/logs-*/_refresh",
            ] {
                let response = try await client.post(path)
                #expect(response.status == .ok, "\(path): \(response.bodyText)")
                #expect(
                    try json(response)["_shards"] == ["total": 2, "successful": 2, "failed": 0], "\(path)")
            }
            #expect(try await client.post("/nothing/_flush").status == .notFound)
            let ignored = try await client.post(
                "/nothing,logs-1/_refresh", query: ["ignore_unavailable": "true"])
            #expect(ignored.status == .ok)
            #expect(try json(ignored)["_shards"]?["total"] == 1)
            let none = try await client.post("/none-*/_forcemerge", query: ["allow_no_indices": "false"])
            #expect(none.status == .notFound)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func clusterStateHealthAndPendingTasksAnswerForOneNode(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            #expect(try await put(client, "/docs", #"{"aliases":{"all-docs":{}}}"#).status == .ok)
            #expect(try await put(client, "/_template/t", #"{"index_patterns":["t-*"]}"#).status == .ok)
            let state = try json(try await client.get("/_cluster/state/metadata/docs"))
            #expect(state["metadata"]?["indices"]?["docs"]?["aliases"] == ["all-docs"])
            #expect(state["metadata"]?["indices"]?["docs"]?["state"] == "open")
            #expect(state["metadata"]?["templates"]?.objectValue?.keys.sorted() == ["t"])
            #expect(state["nodes"] == nil, "only the metrics asked for")
            let whole = try json(try await client.get("/_cluster/state"))
            #expect(whole["nodes"]?.objectValue?.count == 1)
            #expect(whole["routing_table"]?["indices"]?["docs"] != nil)
            let unknown = try await client.get("/_cluster/state/everything")
            #expect(unknown.status == .badRequest)

            // One replica cannot be assigned on one node: yellow. Waiting for green times out as
            // Elasticsearch's does (408, timed_out); waiting for yellow answers at once.
            let green = try await client.get(
                "/_cluster/health", query: ["wait_for_status": "green", "timeout": "10ms"])
            #expect(green.status.code == 408)
            #expect(try json(green)["timed_out"] == true)
            #expect(try json(green)["status"] == "yellow")
            let yellow = try await client.get("/_cluster/health/docs", query: ["wait_for_status": "yellow"])
            #expect(yellow.status == .ok)
            #expect(try json(yellow)["timed_out"] == false)
            let bad = try await client.get("/_cluster/health", query: ["wait_for_status": "blue"])
            #expect(bad.status == .badRequest)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func statisticsCountDocumentsAndStoredBytes(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            #expect(try await put(client, "/books", #"{"settings":{"number_of_replicas":0}}"#).status == .ok)
            for id in 1...3 { _ = try await put(client, "/books/_doc/\(id)", #"{"n":\#(id)}"#) }
            _ = try await client.delete("/books/_doc/3")
            let stats = try json(try await client.get("/books/_stats"))
            #expect(stats["indices"]?["books"]?["primaries"]?["docs"]?["count"] == 2)
            #expect(stats["indices"]?["books"]?["health"] == "green")
            // The stored `_source` texts: {"n":1} and {"n":2}, 7 bytes each.
            #expect(stats["_all"]?["total"]?["store"]?["size_in_bytes"] == 14)
            let docsOnly = try json(try await client.get("/_stats/docs"))
            #expect(docsOnly["_all"]?["primaries"]?["store"] == nil)
            #expect(docsOnly["_all"]?["primaries"]?["docs"]?["count"] == 2)
            let unknown = try await client.get("/_stats/everything")
            #expect(unknown.status == .badRequest)
            #expect(try await client.get("/nothing/_stats").status == .notFound)
        }
    }
}
