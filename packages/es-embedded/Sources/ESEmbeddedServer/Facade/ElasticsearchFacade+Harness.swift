import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// The APIs test harnesses call around each test against an Elasticsearch 8 cluster: snapshot
/// repositories, legacy and component templates, cluster settings, state and pending tasks,
/// and flush, force merge and cache clear on any index expression.
extension ElasticsearchFacade {
    func registerHarnessRoutes(on router: Router) {
        registerSnapshotRoutes(on: router)
        registerLegacyTemplateRoutes(on: router)
        registerComponentTemplateRoutes(on: router)
        registerClusterStateRoutes(on: router)
        registerMaintenanceRoutes(on: router)
        registerStatisticsRoutes(on: router)
    }

    private static let statisticsMetrics: Set<String> = [
        "_all", "docs", "store", "indexing", "get", "search", "merge", "refresh", "flush", "warmer",
        "query_cache",
        "fielddata", "completion", "segments", "translog", "request_cache", "recovery", "bulk", "shard_stats",
        "mappings", "dense_vector", "sparse_vector",
    ]

    /// `_stats`: documents and store bytes (the stored `_source` texts), the two figures the
    /// engine has; the other metrics are accepted and left out.
    private func registerStatisticsRoutes(on router: Router) {
        for path in ["/_stats", "/_stats/{metric}", "/{index}/_stats", "/{index}/_stats/{metric}"] {
            router.get(path) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union([
                        "level", "completion_fields", "fielddata_fields", "fields", "groups",
                        "include_segment_file_sizes",
                        "include_unloaded_segments", "forbid_closed_indices",
                    ]))
                let metrics = Set(
                    (context.parameters["metric"] ?? "_all").split(separator: ",").map(String.init))
                if let unknown = metrics.sorted().first(where: { !Self.statisticsMetrics.contains($0) }) {
                    throw ElasticsearchError.illegalArgument(
                        "request [\(request.path)] contains unrecognized metric: [\(unknown)]")
                }
                let wanted = { (metric: String) in metrics.contains("_all") || metrics.contains(metric) }
                let statistics = try backend.statistics(
                    context.parameters["index"], options: try request.indicesOptions())
                func figures(documents: Int, deleted: Int, bytes: Int) -> JSONValue {
                    var members: [String: JSONValue] = [:]
                    if wanted("docs") {
                        members["docs"] = [
                            "count": .int(documents), "deleted": .int(deleted),
                            "total_size_in_bytes": .int(bytes),
                        ]
                    }
                    if wanted("store") {
                        members["store"] = [
                            "size_in_bytes": .int(bytes), "total_data_set_size_in_bytes": .int(bytes),
                            "reserved_in_bytes": 0,
                        ]
                    }
                    return .object(members)
                }
                var indices: [String: JSONValue] = [:]
                for index in statistics {
                    let own = figures(
                        documents: index.documents, deleted: index.deleted, bytes: index.storeBytes)
                    indices[index.name] = [
                        "uuid": .string(index.uuid), "health": index.replicas == 0 ? "green" : "yellow",
                        "status": "open", "primaries": own, "total": own,
                    ]
                }
                let all = figures(
                    documents: statistics.reduce(0) { $0 + $1.documents },
                    deleted: statistics.reduce(0) { $0 + $1.deleted },
                    bytes: statistics.reduce(0) { $0 + $1.storeBytes })
                let shards = statistics.reduce(0) { $0 + 1 + $1.replicas }
                return RESTResponse.json(
                    [
                        "_shards": [
                            "total": .int(shards), "successful": .int(statistics.count), "failed": 0,
                        ],
                        "_all": ["primaries": all, "total": all], "indices": .object(indices),
                    ], request: request)
            }
        }
    }

    private func registerSnapshotRoutes(on router: Router) {
        for method in [HTTPMethod.put, .post] {
            router.on("/_snapshot/{repository}", method: method) { request, context in
                try request.checkParameters(["master_timeout", "timeout", "verify"])
                let (name, body) = (try context.parameters.require("repository"), try request.jsonBody())
                let response = try await backend.durably { try backend.putRepository(name, body: body) }
                return RESTResponse.json(response.json, request: request)
            }
            router.on("/_snapshot/{repository}/{snapshot}", method: method) { request, context in
                try request.checkParameters(["master_timeout", "wait_for_completion"])
                let name = try context.parameters.require("repository")
                _ = try backend.repositories(name)
                throw ElasticsearchError.illegalArgument(
                    "es-embedded takes no snapshots: repository [\(name)] keeps its definition only")
            }
        }
        router.on("/_snapshot/{repository}/_verify", method: .post) { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            _ = try backend.repositories(try context.parameters.require("repository"))
            return RESTResponse.json(
                ["nodes": [clusterUUID: ["name": .string(EngineName.node)]]], request: request)
        }
        router.on("/_snapshot/{repository}/_cleanup", method: .post) { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            _ = try backend.repositories(try context.parameters.require("repository"))
            return RESTResponse.json(["results": ["deleted_bytes": 0, "deleted_blobs": 0]], request: request)
        }
        for path in ["/_snapshot", "/_snapshot/{repository}"] {
            router.get(path) { request, context in
                try request.checkParameters(["local", "master_timeout"])
                let repositories = try backend.repositories(context.parameters["repository"])
                return RESTResponse.json(.object(repositories), request: request)
            }
        }
        router.delete("/_snapshot/{repository}") { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            let names = try context.parameters.require("repository")
            let response = try await backend.durably { try backend.deleteRepositories(names) }
            return RESTResponse.json(response.json, request: request)
        }
        router.get("/_snapshot/{repository}/{snapshot}") { request, context in
            try request.checkParameters([
                "master_timeout", "ignore_unavailable", "verbose", "index_details", "index_names",
                "include_repository",
                "sort", "size", "order", "from_sort_value", "after", "offset", "slm_policy_filter",
            ])
            let repository = try context.parameters.require("repository")
            _ = try backend.repositories(repository)
            let snapshot = try context.parameters.require("snapshot")
            if let concrete = snapshot.split(separator: ",").first(where: {
                !$0.contains("*") && $0 != "_all"
            }),
                try request.flag("ignore_unavailable") != true
            {
                throw ElasticsearchError.snapshotMissing(repository, String(concrete))
            }
            return RESTResponse.json(["snapshots": [], "total": 0, "remaining": 0], request: request)
        }
        router.delete("/_snapshot/{repository}/{snapshot}") { request, context in
            try request.checkParameters(["master_timeout", "wait_for_completion"])
            let repository = try context.parameters.require("repository")
            _ = try backend.repositories(repository)
            let snapshot = try context.parameters.require("snapshot")
            if let concrete = snapshot.split(separator: ",").first(where: {
                !$0.contains("*") && $0 != "_all"
            }) {
                throw ElasticsearchError.snapshotMissing(repository, String(concrete))
            }
            return RESTResponse.json(["acknowledged": true], request: request)
        }
    }

    private func registerLegacyTemplateRoutes(on router: Router) {
        for method in [HTTPMethod.put, .post] {
            router.on("/_template/{name}", method: method) { request, context in
                try request.checkParameters(["create", "cause", "order", "master_timeout", "timeout"])
                let (name, body) = (try context.parameters.require("name"), try request.jsonBody())
                let create = try request.flag("create") == true
                let response = try await backend.durably {
                    try backend.putLegacyTemplate(name, body: body, create: create)
                }
                return Self.deprecated(
                    RESTResponse.json(response.json, request: request),
                    "Legacy index templates are deprecated in favor of composable templates.")
            }
        }
        for path in ["/_template", "/_template/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(["flat_settings", "local", "master_timeout"])
                let flat = try request.flag("flat_settings") == true
                let names = context.parameters["name"]
                let templates = try backend.legacyTemplates(names)
                var answer: [String: JSONValue] = [:]
                for (name, template) in templates {
                    var shown = template.objectValue ?? [:]
                    if !flat, case .object(let settings)? = shown["settings"] {
                        shown["settings"] = Self.nest(settings)
                    }
                    answer[name] = .object(shown)
                }
                let askedConcrete = (names ?? "").split(separator: ",").contains {
                    !$0.contains("*") && $0 != "_all"
                }
                return RESTResponse.json(
                    .object(answer), status: answer.isEmpty && askedConcrete ? .notFound : .ok,
                    request: request)
            }
        }
        router.head("/_template/{name}") { request, context in
            try request.checkParameters(["flat_settings", "local", "master_timeout"])
            let found = try backend.legacyTemplates(try context.parameters.require("name")).isEmpty == false
            return RESTResponse.empty(status: found ? .ok : .notFound)
        }
        router.delete("/_template/{name}") { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            let names = try context.parameters.require("name")
            let response = try await backend.durably { try backend.deleteLegacyTemplates(names) }
            return RESTResponse.json(response.json, request: request)
        }
    }

    private func registerComponentTemplateRoutes(on router: Router) {
        for method in [HTTPMethod.put, .post] {
            router.on("/_component_template/{name}", method: method) { request, context in
                try request.checkParameters(["create", "cause", "master_timeout"])
                let (name, body) = (try context.parameters.require("name"), try request.jsonBody())
                let create = try request.flag("create") == true
                let response = try await backend.durably {
                    try backend.putComponentTemplate(name, body: body, create: create)
                }
                return RESTResponse.json(response.json, request: request)
            }
        }
        for path in ["/_component_template", "/_component_template/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(["flat_settings", "include_defaults", "local", "master_timeout"])
                let templates = try backend.componentTemplates(context.parameters["name"])
                return RESTResponse.json(
                    [
                        "component_templates": .array(
                            templates.map {
                                [
                                    "name": .string($0.name),
                                    "component_template": Self.normalizedComponent($0.body),
                                ]
                            })
                    ], request: request)
            }
        }
        router.head("/_component_template/{name}") { request, context in
            try request.checkParameters(["local", "master_timeout"])
            let found =
                (try? backend.componentTemplates(try context.parameters.require("name")))?.isEmpty == false
            return RESTResponse.empty(status: found ? .ok : .notFound)
        }
        router.delete("/_component_template/{name}") { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            let names = try context.parameters.require("name")
            let response = try await backend.durably { try backend.deleteComponentTemplates(names) }
            return RESTResponse.json(response.json, request: request)
        }
    }

    /// A component template as `GET /_component_template` shows it: settings nested, string values.
    private static func normalizedComponent(_ body: JSONValue) -> JSONValue {
        var members = body.objectValue ?? [:]
        if case .object(var template)? = members["template"], let settings = template["settings"],
            let parsed = try? IndexSettings(json: settings)
        {
            template["settings"] = nest(
                parsed.values.mapValues { .string($0.stringValue ?? $0.compactString) })
            members["template"] = .object(template)
        }
        return .object(members)
    }

    private func registerClusterStateRoutes(on router: Router) {
        router.get("/_cluster/settings") { request, _ in
            try request.checkParameters([
                "flat_settings", "include_defaults", "local", "master_timeout", "timeout",
            ])
            let flat = try request.flag("flat_settings") == true
            let settings = try backend.clusterSettings()
            var answer: [String: JSONValue] = [
                "persistent": flat ? .object(settings.persistent) : Self.nest(settings.persistent),
                "transient": flat ? .object(settings.transient) : Self.nest(settings.transient),
            ]
            if try request.flag("include_defaults") == true { answer["defaults"] = .object([:]) }
            return RESTResponse.json(.object(answer), request: request)
        }
        router.put("/_cluster/settings") { request, _ in
            try request.checkParameters(["flat_settings", "master_timeout", "timeout"])
            let flat = try request.flag("flat_settings") == true
            let update = try ClusterSettingsUpdate(json: try request.jsonBody())
            let applied = try await backend.durably { try backend.updateClusterSettings(update) }
            return RESTResponse.json(
                [
                    "acknowledged": true,
                    "persistent": flat ? .object(applied.persistent) : Self.nest(applied.persistent),
                    "transient": flat ? .object(applied.transient) : Self.nest(applied.transient),
                ], request: request)
        }
        router.get("/_cluster/pending_tasks") { request, _ in
            try request.checkParameters(["local", "master_timeout"])
            return RESTResponse.json(["tasks": []], request: request)
        }
        for path in ["/_cluster/state", "/_cluster/state/{metric}", "/_cluster/state/{metric}/{index}"] {
            router.get(path) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union([
                        "flat_settings", "local", "master_timeout", "wait_for_metadata_version",
                        "wait_for_timeout",
                    ]))
                return RESTResponse.json(
                    try clusterState(
                        metrics: context.parameters["metric"], index: context.parameters["index"],
                        options: try request.indicesOptions(), flat: try request.flag("flat_settings") == true
                    ),
                    request: request)
            }
        }
    }

    private static let stateMetrics: Set<String> = [
        "_all", "blocks", "metadata", "nodes", "routing_table", "routing_nodes", "master_node", "version",
        "customs",
    ]

    /// `GET /_cluster/state[/{metrics}[/{indices}]]` for this single node.
    private func clusterState(metrics: String?, index: String?, options: IndicesOptions, flat: Bool) throws
        -> JSONValue
    {
        let asked = Set((metrics ?? "_all").split(separator: ",").map(String.init))
        if let unknown = asked.sorted().first(where: { !Self.stateMetrics.contains($0) }) {
            throw ElasticsearchError.illegalArgument(
                "request [/_cluster/state] contains unrecognized metric: [\(unknown)]")
        }
        func wants(_ metric: String) -> Bool { asked.contains("_all") || asked.contains(metric) }
        var state: [String: JSONValue] = [
            "cluster_name": .string(clusterName), "cluster_uuid": .string(clusterUUID),
        ]
        let node: JSONValue = [
            "name": .string(EngineName.node), "ephemeral_id": .string(clusterUUID),
            "transport_address": "127.0.0.1:9300", "attributes": [:],
            "roles": ["data", "ingest", "master"],
        ]
        if wants("version") {
            state["version"] = 1
            state["state_uuid"] = .string(clusterUUID)
        }
        if wants("master_node") { state["master_node"] = .string(clusterUUID) }
        if wants("blocks") { state["blocks"] = [:] }
        if wants("nodes") { state["nodes"] = [clusterUUID: node] }
        let summaries = try backend.indexSummaries(index ?? "_all")
        if wants("metadata") {
            var indices: [String: JSONValue] = [:]
            for summary in summaries {
                let settings = summary.reportedSettings.values
                var nested = settings
                if !flat { nested = Self.nest(settings).objectValue ?? [:] }
                indices[summary.name] = [
                    "state": "open", "settings": .object(nested), "mappings": ["_doc": summary.mapping.json],
                    "aliases": .array(summary.aliases.keys.sorted().map(JSONValue.string)),
                ]
            }
            var templates: [String: JSONValue] = [:]
            for (name, template) in try backend.legacyTemplates(nil) { templates[name] = template }
            var composable: [String: JSONValue] = [:]
            for (name, body) in try backend.indexTemplates(nil) {
                composable[name] = Self.normalizedTemplate(body)
            }
            var components: [String: JSONValue] = [:]
            for (name, body) in try backend.componentTemplates(nil) {
                components[name] = Self.normalizedComponent(body)
            }
            state["metadata"] = [
                "cluster_uuid": .string(clusterUUID), "cluster_uuid_committed": true,
                "templates": .object(templates), "indices": .object(indices),
                "index_template": ["index_template": .object(composable)],
                "component_template": ["component_template": .object(components)],
                "repositories": .object(try backend.repositories(nil)),
            ]
        }
        if wants("routing_table") {
            var routing: [String: JSONValue] = [:]
            for summary in summaries {
                routing[summary.name] = [
                    "shards": [
                        "0": [
                            [
                                "state": "STARTED", "primary": true, "node": .string(clusterUUID), "shard": 0,
                                "index": .string(summary.name),
                            ]
                        ]
                    ]
                ]
            }
            state["routing_table"] = ["indices": .object(routing)]
        }
        return .object(state)
    }

    private func registerMaintenanceRoutes(on router: Router) {
        for method in [HTTPMethod.get, .post] {
            for path in ["/_flush", "/{index}/_flush"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(
                        Self.expressionParameters.union(["force", "wait_if_ongoing"]))
                    let response = try backend.maintain(
                        context.parameters["index"], options: try request.indicesOptions())
                    return RESTResponse.json(response.json, request: request)
                }
            }
        }
        for path in ["/_forcemerge", "/{index}/_forcemerge"] {
            router.post(path) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union([
                        "flush", "max_num_segments", "only_expunge_deletes", "wait_for_completion",
                    ]))
                let response = try backend.maintain(
                    context.parameters["index"], options: try request.indicesOptions())
                return RESTResponse.json(response.json, request: request)
            }
        }
        for path in ["/_cache/clear", "/{index}/_cache/clear"] {
            router.post(path) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union(["fielddata", "fields", "query", "request", "index"]))
                let response = try backend.maintain(
                    context.parameters["index"], options: try request.indicesOptions())
                return RESTResponse.json(response.json, request: request)
            }
        }
    }

    /// `response` with Elasticsearch's deprecation `Warning` header.
    static func deprecated(_ response: Response, _ message: String) -> Response {
        var response = response
        response.headers.replaceOrAdd(
            name: "Warning", value: "299 Elasticsearch-\(versionNumber)-es-embedded \"\(message)\"")
        return response
    }
}
