import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    func registerIndexRoutes(on router: Router) {
        router.put("/{index}") { request, context in
            try request.checkParameters(["wait_for_active_shards", "timeout", "master_timeout"])
            let definition = try IndexDefinition(json: try request.jsonBody())
            let response = try await backend.createIndex(
                try context.parameters.require("index"), definition: definition)
            return RESTResponse.json(response.json, request: request)
        }
        router.delete("/{index}") { request, context in
            try request.checkParameters(Self.expressionParameters.union(["timeout", "master_timeout"]))
            var expression = try context.parameters.require("index")
            if try request.flag("ignore_unavailable") == true {
                // Names that match nothing are left out; with none left, nothing to delete.
                var kept: [String] = []
                for name in expression.split(separator: ",").map(String.init) {
                    let exists = try await backend.indexExists(name)
                    if exists || name.contains("*") { kept.append(name) }
                }
                guard !kept.isEmpty else {
                    return RESTResponse.json(["acknowledged": true], request: request)
                }
                expression = kept.joined(separator: ",")
            }
            let response = try await backend.deleteIndex(expression)
            return RESTResponse.json(response.json, request: request)
        }
        router.head("/{index}") { request, context in
            try request.checkParameters(
                Self.expressionParameters.union(["local", "flat_settings", "include_defaults"]))
            let exists = try await backend.indexExists(try context.parameters.require("index"))
            return RESTResponse.empty(status: exists ? .ok : .notFound)
        }
        router.get("/{index}") { request, context in
            try request.checkParameters(
                Self.expressionParameters.union([
                    "local", "flat_settings", "include_defaults", "master_timeout",
                ]))
            let summaries = try backend.indexSummaries(
                try context.parameters.require("index"), options: try request.indicesOptions())
            return RESTResponse.json(
                .object(Dictionary(uniqueKeysWithValues: summaries.map { ($0.name, Self.describe($0)) })),
                request: request)
        }
        for path in ["/{index}/_mapping", "/_mapping"] {
            router.get(path) { request, context in
                try request.checkParameters(Self.expressionParameters.union(["local", "master_timeout"]))
                let response = try await backend.getMapping(
                    context.parameters["index"] ?? "_all", options: try request.indicesOptions())
                return RESTResponse.json(response.json, request: request)
            }
        }
        for method in [HTTPMethod.put, .post] {
            router.on("/{index}/_mapping", method: method) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union(["timeout", "master_timeout", "write_index_only"]))
                let body = try request.jsonBody()
                if case .object(let members) = body, members.count == 1, let only = members.first {
                    // Elasticsearch 8 has no mapping types: a body wrapped in `_doc` (or in
                    // `mappings`, as in create-index) is refused, not unwrapped.
                    if only.key == "_doc" {
                        throw ElasticsearchError.illegalArgument(
                            "Types cannot be provided in put mapping requests")
                    }
                    if only.key == "mappings" {
                        throw ElasticsearchError.mapperParsing(
                            "Root mapping definition has unsupported parameters:  [mappings : \(only.value.compactString)]"
                        )
                    }
                }
                let mapping = try Mapping(json: body)
                let response = try await backend.putMapping(
                    try context.parameters.require("index"), mapping: mapping)
                return RESTResponse.json(response.json, request: request)
            }
        }
        for method in [HTTPMethod.post, .get] {
            for path in ["/{index}/_refresh", "/_refresh"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(Self.expressionParameters)
                    let response = try await backend.refresh(
                        context.parameters["index"], options: try request.indicesOptions())
                    return RESTResponse.json(response.json, request: request)
                }
            }
        }
    }

    /// Parameters of endpoints that take an index expression.
    static let expressionParameters: Set<String> = [
        "ignore_unavailable", "allow_no_indices", "expand_wildcards",
    ]

    /// `GET /{index}`'s entry for one index: aliases, mappings and settings (values as strings,
    /// as Elasticsearch returns them).
    static func describe(_ summary: IndexSummary) -> JSONValue {
        [
            "aliases": .object(summary.aliases.mapValues(\.json)), "mappings": summary.mapping.json,
            "settings": summary.reportedSettings.json,
        ]
    }
}
