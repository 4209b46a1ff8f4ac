import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// A `_cat` answer: named columns, rows of text cells, rendered as Elasticsearch renders them:
/// aligned text (numbers to the right) with headers under `v`, the columns `h` names (names,
/// aliases or `*` patterns) in that order, sorted by `s` (`column[:asc|:desc]`), a column list
/// under `help`, or `format=json` (an array of objects of strings).
struct CatTable {
    struct Column {
        var name: String
        var aliases: [String] = []
        var numeric = false
        var description: String
    }

    var columns: [Column]
    var rows: [[String?]]

    static let parameters: Set<String> = [
        "format", "h", "help", "local", "master_timeout", "s", "v", "bytes", "time", "pri", "health",
        "expand_wildcards", "include_unloaded_segments", "ignore_unavailable", "allow_no_indices",
    ]

    func response(_ request: Request) throws -> Response {
        if try request.flag("help") == true {
            let width = columns.map(\.name.count).max() ?? 0
            let aliasWidth = columns.map { $0.aliases.joined(separator: ",").count }.max() ?? 0
            let text = columns.map {
                "\($0.name.padding(toLength: width, withPad: " ", startingAt: 0)) | "
                    + "\($0.aliases.joined(separator: ",").padding(toLength: aliasWidth, withPad: " ", startingAt: 0)) | \($0.description)\n"
            }.joined()
            return Self.text(text)
        }
        let shown = try shownColumns(request.query["h"])
        var ordered = rows
        if let sort = request.query["s"] {
            let keys = try sort.split(separator: ",").map { key -> (Int, Bool) in
                let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
                guard
                    let position = columns.firstIndex(where: {
                        $0.name == parts[0] || $0.aliases.contains(parts[0])
                    })
                else {
                    throw ElasticsearchError.illegalArgument(
                        "Unable to sort by unknown sort key `\(parts[0])`")
                }
                return (position, parts.count > 1 && parts[1] == "desc")
            }
            ordered.sort { left, right in
                for (position, descending) in keys {
                    let (a, b) = (left[position] ?? "", right[position] ?? "")
                    if a == b { continue }
                    let ascending =
                        columns[position].numeric
                        ? (Double(a) ?? -.infinity) < (Double(b) ?? -.infinity) : a < b
                    return descending ? !ascending : ascending
                }
                return false
            }
        }
        switch request.query["format"] ?? "text" {
        case "json":
            return RESTResponse.json(
                .array(
                    ordered.map { row in
                        .object(
                            Dictionary(
                                uniqueKeysWithValues: shown.map {
                                    (columns[$0].name, row[$0].map(JSONValue.string) ?? .null)
                                }))
                    }), request: request)
        case "text", "txt":
            var lines: [[String]] = ordered.map { row in shown.map { row[$0] ?? "" } }
            if try request.flag("v") == true { lines.insert(shown.map { columns[$0].name }, at: 0) }
            let widths = shown.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
            let text = lines.map { line in
                line.indices.map { column -> String in
                    let cell = line[column]
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    if columns[shown[column]].numeric { return pad + cell }
                    return column == line.count - 1 ? cell : cell + pad
                }.joined(separator: " ") + "\n"
            }.joined()
            return Self.text(text)
        case let other:
            throw ElasticsearchError.illegalArgument(
                "es-embedded answers _cat as text or json, not [\(other)]: use format=json")
        }
    }

    /// The positions of the columns `h` names, in its order; every column without `h`.
    private func shownColumns(_ h: String?) throws -> [Int] {
        guard let h else { return Array(columns.indices) }
        var shown: [Int] = []
        for name in h.split(separator: ",").map(String.init) {
            let matching = columns.indices.filter {
                ElasticsearchFacade.globMatches(name, columns[$0].name) || columns[$0].aliases.contains(name)
            }
            for position in matching where !shown.contains(position) { shown.append(position) }
        }
        return shown
    }

    static func text(_ text: String) -> Response {
        var headers = RESTResponse.headers
        headers.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=UTF-8")
        return Response(status: .ok, headers: headers, body: Data(text.utf8))
    }
}

extension ElasticsearchFacade {
    /// The `_cat` APIs `GET /_cat` lists.
    static let catEndpoints = [
        "aliases", "allocation", "component_templates", "count", "health", "indices", "master", "nodes",
        "pending_tasks", "plugins", "recovery", "repositories", "shards", "snapshots", "templates",
    ]

    func registerCatRoutes(on router: Router) {
        for path in ["/_cat/indices", "/_cat/indices/{index}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                return try catIndices(context.parameters["index"], request: request).response(request)
            }
        }
        for path in ["/_cat/aliases", "/_cat/aliases/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                return try catAliases(context.parameters["name"]).response(request)
            }
        }
        for path in ["/_cat/count", "/_cat/count/{index}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                let count = try backend.count(context.parameters["index"] ?? "_all", query: nil).count
                let now = backend.clock.now()
                return try CatTable(
                    columns: [
                        .init(
                            name: "epoch", aliases: ["t", "time"], numeric: true,
                            description: "seconds since 1970-01-01 00:00:00"),
                        .init(
                            name: "timestamp", aliases: ["ts", "hms", "hhmmss"],
                            description: "time in HH:MM:SS"),
                        .init(
                            name: "count", aliases: ["dc", "docs.count", "docsCount"], numeric: true,
                            description: "the document count"),
                    ],
                    rows: [[String(Int(now.timeIntervalSince1970)), Self.clockTime(now), String(count)]]
                ).response(request)
            }
        }
        router.get("/_cat/health") { request, _ in
            try request.checkParameters(CatTable.parameters.union(["ts"]))
            return try catHealth().response(request)
        }
        router.get("/_cat") { request, _ in
            try request.checkParameters([])
            return CatTable.text("=^.^=\n" + Self.catEndpoints.map { "/_cat/\($0)\n" }.joined())
        }
        router.get("/_cat/master") { request, _ in
            try request.checkParameters(CatTable.parameters)
            return try CatTable(
                columns: [
                    .init(name: "id", description: "node id"),
                    .init(name: "host", aliases: ["h"], description: "host name"),
                    .init(name: "ip", description: "ip address"),
                    .init(name: "node", aliases: ["n"], description: "node name"),
                ], rows: [[clusterUUID, "127.0.0.1", "127.0.0.1", EngineName.node]]
            ).response(request)
        }
        router.get("/_cat/nodes") { request, _ in
            try request.checkParameters(CatTable.parameters.union(["full_id", "include_unloaded_segments"]))
            return try CatTable(
                columns: [
                    .init(name: "id", aliases: ["nodeId"], description: "unique node id"),
                    .init(name: "ip", aliases: ["i"], description: "ip address"),
                    .init(name: "node.role", aliases: ["r", "role", "nodeRole"], description: "node roles"),
                    .init(name: "master", aliases: ["m"], description: "*:current master"),
                    .init(name: "name", aliases: ["n"], description: "node name"),
                ], rows: [[String(clusterUUID.prefix(4)), "127.0.0.1", "dim", "*", EngineName.node]]
            ).response(request)
        }
        router.get("/_cat/plugins") { request, _ in
            try request.checkParameters(CatTable.parameters.union(["include_bootstrap"]))
            return try CatTable(
                columns: [
                    .init(name: "id", description: "unique node id"),
                    .init(name: "name", aliases: ["n"], description: "node name"),
                    .init(name: "component", aliases: ["c"], description: "component"),
                    .init(name: "version", aliases: ["v"], description: "component version"),
                ], rows: []
            ).response(request)
        }
        router.get("/_cat/pending_tasks") { request, _ in
            try request.checkParameters(CatTable.parameters)
            return try CatTable(
                columns: [
                    .init(
                        name: "insertOrder", aliases: ["o"], numeric: true,
                        description: "task insertion order"),
                    .init(
                        name: "timeInQueue", aliases: ["t"], description: "how long task has been in queue"),
                    .init(name: "priority", aliases: ["p"], description: "task priority"),
                    .init(name: "source", aliases: ["s"], description: "task source"),
                ], rows: []
            ).response(request)
        }
        router.get("/_cat/repositories") { request, _ in
            try request.checkParameters(CatTable.parameters)
            let repositories = try backend.repositories(nil).sorted { $0.key < $1.key }
            return try CatTable(
                columns: [
                    .init(name: "id", aliases: ["repoId"], description: "unique repository id"),
                    .init(name: "type", aliases: ["t"], description: "repository type"),
                ], rows: repositories.map { [$0.key, $0.value["type"]?.stringValue] }
            ).response(request)
        }
        for path in ["/_cat/snapshots", "/_cat/snapshots/{repository}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                if let repository = context.parameters["repository"] {
                    _ = try backend.repositories(repository)
                }
                // es-embedded takes no snapshots: every repository lists none.
                return try CatTable(
                    columns: [
                        .init(name: "id", aliases: ["snapshot"], description: "unique snapshot"),
                        .init(name: "repository", aliases: ["re", "repo"], description: "repository name"),
                        .init(name: "status", aliases: ["s"], description: "snapshot name"),
                    ], rows: []
                ).response(request)
            }
        }
        for path in ["/_cat/shards", "/_cat/shards/{index}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                let summaries = try backend.indexSummaries(context.parameters["index"] ?? "_all")
                var rows: [[String?]] = []
                for summary in summaries.sorted(by: { $0.name < $1.name }) {
                    rows.append([
                        summary.name, "0", "p", "STARTED", String(summary.documentCount), "127.0.0.1",
                        EngineName.node,
                    ])
                    for _ in 0..<summary.replicas {
                        rows.append([summary.name, "0", "r", "UNASSIGNED", nil, nil, nil])
                    }
                }
                return try CatTable(
                    columns: [
                        .init(name: "index", aliases: ["i", "idx"], description: "index name"),
                        .init(name: "shard", aliases: ["s", "sh"], numeric: true, description: "shard name"),
                        .init(
                            name: "prirep", aliases: ["p", "pr", "primaryOrReplica"],
                            description: "primary or replica"),
                        .init(name: "state", aliases: ["st"], description: "shard state"),
                        .init(
                            name: "docs", aliases: ["d", "dc"], numeric: true,
                            description: "number of docs in shard"),
                        .init(name: "ip", description: "ip of node where it lives"),
                        .init(name: "node", aliases: ["n"], description: "name of node where it lives"),
                    ], rows: rows
                ).response(request)
            }
        }
        for path in ["/_cat/allocation", "/_cat/allocation/{node}"] {
            router.get(path) { request, _ in
                try request.checkParameters(CatTable.parameters)
                let shards = try backend.indexSummaries("_all").count
                return try CatTable(
                    columns: [
                        .init(
                            name: "shards", aliases: ["s"], numeric: true,
                            description: "number of shards on node"),
                        .init(name: "host", aliases: ["h"], description: "host of node"),
                        .init(name: "ip", description: "ip of node"),
                        .init(name: "node", aliases: ["n"], description: "name of node"),
                    ], rows: [[String(shards), "127.0.0.1", "127.0.0.1", EngineName.node]]
                ).response(request)
            }
        }
        for path in ["/_cat/recovery", "/_cat/recovery/{index}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters.union(["active_only", "detailed"]))
                let summaries = try backend.indexSummaries(context.parameters["index"] ?? "_all")
                return try CatTable(
                    columns: [
                        .init(name: "index", aliases: ["i", "idx"], description: "index name"),
                        .init(name: "shard", aliases: ["s", "sh"], numeric: true, description: "shard name"),
                        .init(name: "type", aliases: ["ty"], description: "recovery type"),
                        .init(name: "stage", aliases: ["st"], description: "recovery stage"),
                        .init(name: "target_node", aliases: ["tnode"], description: "target node name"),
                    ],
                    rows: summaries.sorted { $0.name < $1.name }.map {
                        [$0.name, "0", "empty_store", "done", EngineName.node]
                    }
                ).response(request)
            }
        }
        for path in ["/_cat/component_templates", "/_cat/component_templates/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                let patterns = context.parameters["name"].map { $0.split(separator: ",").map(String.init) }
                let templates = try backend.componentTemplates(nil).filter { entry in
                    patterns == nil || patterns!.contains { Self.globMatches($0, entry.name) }
                }
                let users = try backend.indexTemplates(nil)
                return try CatTable(
                    columns: [
                        .init(name: "name", aliases: ["n"], description: "component template name"),
                        .init(name: "version", aliases: ["v"], description: "version"),
                        .init(
                            name: "included_in", aliases: ["i"],
                            description: "index templates that include it"),
                    ],
                    rows: templates.map { template in
                        let including = users.filter {
                            $0.body["composed_of"]?.arrayValue?.contains(.string(template.name)) == true
                        }.map(\.name)
                        return [
                            template.name, template.body["version"].map { $0.compactString },
                            "[\(including.joined(separator: ", "))]",
                        ]
                    }
                ).response(request)
            }
        }
        for path in ["/_cat/templates", "/_cat/templates/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(CatTable.parameters)
                return try catTemplates(context.parameters["name"]).response(request)
            }
        }
    }

    private func catIndices(_ expression: String?, request: Request) throws -> CatTable {
        let summaries = try backend.indexSummaries(
            expression ?? "_all", options: try request.indicesOptions()
        )
        .sorted { $0.name < $1.name }
        let failed = backend.failedIndices(expression)
        var rows: [[String?]] = summaries.map { summary in
            [
                summary.replicas == 0 ? "green" : "yellow", "open", summary.name, summary.uuid, "1",
                String(summary.replicas), String(summary.documentCount), "0",
            ]
        }
        rows += failed.map(\.index).sorted().map { ["red", "open", $0, nil, "1", nil, nil, nil] }
        if let health = request.query["health"] { rows = rows.filter { $0[0] == health } }
        return CatTable(
            columns: [
                .init(name: "health", aliases: ["h"], description: "current health status"),
                .init(name: "status", aliases: ["s"], description: "open/close status"),
                .init(name: "index", aliases: ["i", "idx"], description: "index name"),
                .init(name: "uuid", aliases: ["id"], description: "index uuid"),
                .init(
                    name: "pri", aliases: ["p", "shards.primary", "shardsPrimary"], numeric: true,
                    description: "number of primary shards"),
                .init(
                    name: "rep", aliases: ["r", "shards.replica", "shardsReplica"], numeric: true,
                    description: "number of replica shards"),
                .init(
                    name: "docs.count", aliases: ["dc", "docsCount"], numeric: true,
                    description: "available docs"),
                .init(
                    name: "docs.deleted", aliases: ["dd", "docsDeleted"], numeric: true,
                    description: "deleted docs (always 0: deletes leave no segments behind)"),
            ], rows: rows)
    }

    private func catAliases(_ names: String?) throws -> CatTable {
        let patterns = names.map { $0.split(separator: ",").map(String.init) }
        var rows: [[String?]] = []
        for summary in try backend.indexSummaries("_all").sorted(by: { $0.name < $1.name }) {
            for (alias, definition) in summary.aliases.sorted(by: { $0.key < $1.key })
            where patterns == nil || patterns!.contains(where: { Self.globMatches($0, alias) }) {
                rows.append([
                    alias, summary.name, definition.filter == nil ? "-" : "*",
                    definition.indexRouting ?? definition.routing ?? "-",
                    definition.searchRouting ?? definition.routing ?? "-",
                    definition.isWriteIndex.map { String($0) } ?? "-",
                ])
            }
        }
        return CatTable(
            columns: [
                .init(name: "alias", aliases: ["a"], description: "alias name"),
                .init(name: "index", aliases: ["i", "idx"], description: "index alias points to"),
                .init(name: "filter", aliases: ["f", "fi"], description: "filter"),
                .init(name: "routing.index", aliases: ["ri", "routingIndex"], description: "index routing"),
                .init(
                    name: "routing.search", aliases: ["rs", "routingSearch"], description: "search routing"),
                .init(name: "is_write_index", aliases: ["w", "isWriteIndex"], description: "write index"),
            ], rows: rows.sorted { ($0[0] ?? "", $0[1] ?? "") < ($1[0] ?? "", $1[1] ?? "") })
    }

    private func catHealth() throws -> CatTable {
        let summaries = try backend.indexSummaries("_all")
        let failed = backend.failedIndices(nil)
        let unassigned = summaries.reduce(0) { $0 + $1.replicas } + failed.count
        let status = !failed.isEmpty ? "red" : unassigned == 0 ? "green" : "yellow"
        let total = summaries.count + unassigned
        let percent = total == 0 ? 100.0 : Double(summaries.count) * 100 / Double(total)
        let now = backend.clock.now()
        return CatTable(
            columns: [
                .init(
                    name: "epoch", aliases: ["t", "time"], numeric: true,
                    description: "seconds since 1970-01-01 00:00:00"),
                .init(name: "timestamp", aliases: ["ts", "hms", "hhmmss"], description: "time in HH:MM:SS"),
                .init(name: "cluster", aliases: ["cl"], description: "cluster name"),
                .init(name: "status", aliases: ["st"], description: "health status"),
                .init(
                    name: "node.total", aliases: ["nt", "nodeTotal"], numeric: true,
                    description: "total number of nodes"),
                .init(
                    name: "node.data", aliases: ["nd", "nodeData"], numeric: true,
                    description: "number of nodes that can store data"),
                .init(
                    name: "shards", aliases: ["t", "sh", "shards.total", "shardsTotal"], numeric: true,
                    description: "total number of shards"),
                .init(
                    name: "pri", aliases: ["p", "shards.primary", "shardsPrimary"], numeric: true,
                    description: "number of primary shards"),
                .init(
                    name: "relo", aliases: ["r", "shards.relocating", "shardsRelocating"], numeric: true,
                    description: "number of relocating nodes"),
                .init(
                    name: "init", aliases: ["i", "shards.initializing", "shardsInitializing"], numeric: true,
                    description: "number of initializing nodes"),
                .init(
                    name: "unassign", aliases: ["u", "shards.unassigned", "shardsUnassigned"], numeric: true,
                    description: "number of unassigned shards"),
                .init(
                    name: "unassign.pri", aliases: ["up", "shards.unassigned.primary"], numeric: true,
                    description: "number of unassigned primary shards"),
                .init(
                    name: "pending_tasks", aliases: ["pt", "pendingTasks"], numeric: true,
                    description: "number of pending tasks"),
                .init(
                    name: "max_task_wait_time", aliases: ["mtwt", "maxTaskWaitTime"],
                    description: "wait time of longest task pending"),
                .init(
                    name: "active_shards_percent", aliases: ["asp", "activeShardsPercent"], numeric: true,
                    description: "active number of shards in percent"),
            ],
            rows: [
                [
                    String(Int(now.timeIntervalSince1970)), Self.clockTime(now), clusterName, status, "1",
                    "1",
                    String(summaries.count), String(summaries.count), "0", "0", String(unassigned),
                    String(failed.count),
                    "0", "-", String(format: "%.1f%%", percent),
                ]
            ])
    }

    private func catTemplates(_ names: String?) throws -> CatTable {
        let patterns = names.map { $0.split(separator: ",").map(String.init) }
        func wanted(_ name: String) -> Bool {
            patterns == nil || patterns!.contains { Self.globMatches($0, name) }
        }
        func list(_ values: [String]) -> String { "[\(values.joined(separator: ", "))]" }
        var rows: [[String?]] = []
        for (name, template) in try backend.legacyTemplates(nil) where wanted(name) {
            rows.append([
                name, list(template["index_patterns"]?.arrayValue?.compactMap(\.stringValue) ?? []),
                template["order"].map { $0.compactString }, template["version"].map { $0.compactString }, "",
            ])
        }
        for (name, body) in try backend.indexTemplates(nil) where wanted(name) {
            let shown = Self.normalizedTemplate(body)
            rows.append([
                name, list(shown["index_patterns"]?.arrayValue?.compactMap(\.stringValue) ?? []),
                String(shown["priority"]?.intValue ?? 0), shown["version"].map { $0.compactString },
                list(shown["composed_of"]?.arrayValue?.compactMap(\.stringValue) ?? []),
            ])
        }
        return CatTable(
            columns: [
                .init(name: "name", aliases: ["n"], description: "template name"),
                .init(name: "index_patterns", aliases: ["t"], description: "template index patterns"),
                .init(
                    name: "order", aliases: ["o", "p"], numeric: true,
                    description: "template application order/priority number"),
                .init(name: "version", aliases: ["v"], description: "version"),
                .init(
                    name: "composed_of", aliases: ["c"],
                    description: "component templates comprising index template"),
            ], rows: rows.sorted { ($0[0] ?? "") < ($1[0] ?? "") })
    }

    /// `HH:mm:ss` in UTC, as `_cat` timestamps are.
    private static func clockTime(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}
