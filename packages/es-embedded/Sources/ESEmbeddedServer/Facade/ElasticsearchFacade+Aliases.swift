import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    func registerAliasRoutes(on router: Router) {
        router.post("/_aliases") { request, _ in
            try request.checkParameters(["timeout", "master_timeout"])
            let response = try await backend.updateAliases(
                try UpdateAliasesRequest(json: try request.jsonBody()))
            return RESTResponse.json(response.json, request: request)
        }
        for path in ["/_alias", "/_alias/{name}", "/{index}/_alias", "/{index}/_alias/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(Self.expressionParameters.union(["local", "master_timeout"]))
                return try aliasAnswer(
                    request, name: context.parameters["name"], index: context.parameters["index"])
            }
        }
        for method in [HTTPMethod.put, .post] {
            router.on("/{index}/_alias/{name}", method: method) { request, context in
                try request.checkParameters(["timeout", "master_timeout"])
                let body = try request.jsonBody()
                let definition = body.isNull ? AliasDefinition() : try AliasDefinition(json: body)
                let actions = try context.parameters.require("name").split(separator: ",").map { alias in
                    AliasAction.add(
                        index: try context.parameters.require("index"), alias: String(alias),
                        definition: definition)
                }
                let response = try await backend.updateAliases(UpdateAliasesRequest(actions))
                return RESTResponse.json(response.json, request: request)
            }
        }
        router.delete("/{index}/_alias/{name}") { request, context in
            try request.checkParameters(["timeout", "master_timeout"])
            let actions = try context.parameters.require("name").split(separator: ",").map { alias in
                AliasAction.remove(index: try context.parameters.require("index"), alias: String(alias))
            }
            let response = try await backend.updateAliases(UpdateAliasesRequest(actions))
            return RESTResponse.json(response.json, request: request)
        }
    }

    /// The get-alias answer; names that matched nothing make it a 404 whose body still lists
    /// what was found (`{"error": "alias [x] missing", "status": 404, ...}`), as Elasticsearch
    /// answers.
    private func aliasAnswer(_ request: Request, name: String?, index: String?) throws -> Response {
        let lookup = try backend.aliasLookup(name: name, index: index, options: try request.indicesOptions())
        guard !lookup.missing.isEmpty else {
            return RESTResponse.json(lookup.response.json, request: request)
        }
        let reason =
            lookup.missing.count == 1
            ? "alias [\(lookup.missing[0])] missing"
            : "aliases [\(lookup.missing.joined(separator: ","))] missing"
        return RESTResponse.shortError(
            reason, status: 404, request: request, extra: lookup.response.json.objectValue ?? [:])
    }
}
