import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    private static let byQueryParameters: Set<String> = [
        "refresh", "conflicts", "max_docs", "scroll_size", "scroll", "wait_for_completion", "slices",
        "requests_per_second", "timeout", "wait_for_active_shards", "routing", "preference",
        "search_timeout", "request_cache",
    ]

    func registerByQueryRoutes(on router: Router) {
        router.post("/{index}/_delete_by_query") { request, context in
            try request.checkParameters(Self.byQueryParameters.union(Self.expressionParameters))
            let (query, options) = try Self.byQuery(request, allowScript: false)
            let index = try context.parameters.require("index")
            let response = try await backend.durably {
                try backend.deleteByQuery(index, searchQuery: query, options: options)
            }
            return RESTResponse.json(
                response.json, status: HTTPStatus(code: response.status), request: request)
        }
        router.post("/{index}/_update_by_query") { request, context in
            try request.checkParameters(
                Self.byQueryParameters.union(Self.expressionParameters).union(["pipeline", "version_type"]))
            let (query, options) = try Self.byQuery(request, allowScript: true)
            let index = try context.parameters.require("index")
            let response = try await backend.durably {
                try backend.updateByQuery(index, searchQuery: query, options: options)
            }
            return RESTResponse.json(
                response.json, status: HTTPStatus(code: response.status), request: request)
        }
        router.post("/_reindex") { request, _ in
            try request.checkParameters(
                Self.byQueryParameters.subtracting(["conflicts", "scroll_size", "routing", "preference"])
                    .union(["require_alias"]))
            let (reindex, options) = try Self.reindex(request)
            let response = try await backend.durably { try backend.reindex(reindex, options: options) }
            return RESTResponse.json(
                response.json, status: HTTPStatus(code: response.status), request: request)
        }
    }

    /// The options every by-query API reads from its URL (and `conflicts`/`max_docs` from its body).
    private static func byQueryOptions(_ request: Request, body: inout [String: JSONValue]) throws
        -> ByQueryOptions
    {
        // Every operation runs to completion before answering; a task to poll is not offered.
        if try request.flag("wait_for_completion") == false {
            throw ElasticsearchError.illegalArgument(
                "request [\(request.path)] contains unrecognized parameter: [wait_for_completion]")
        }
        var options = ByQueryOptions(indices: try request.indicesOptions())
        options.refresh = try request.flag("refresh") ?? false
        let conflicts = try body.removeValue(forKey: "conflicts").map { value -> String in
            guard let text = value.stringValue else {
                throw ElasticsearchError.parsing("[conflicts] must be a string, found [\(value.tokenName)]")
            }
            return text
        }
        switch request.query["conflicts"] ?? conflicts ?? "abort" {
        case "abort": options.proceedOnConflicts = false
        case "proceed": options.proceedOnConflicts = true
        case let other:
            throw ElasticsearchError.illegalArgument(
                "conflicts may only be \"proceed\" or \"abort\" but was [\(other)]")
        }
        var maxDocs = try request.integer("max_docs")
        if let value = body.removeValue(forKey: "max_docs") {
            guard let number = value.intValue else {
                throw ElasticsearchError.parsing("[max_docs] must be a number, found [\(value.tokenName)]")
            }
            maxDocs = number
        }
        if let maxDocs {
            guard maxDocs > 0 else {
                throw ElasticsearchError.validation([
                    "maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [\(maxDocs)]"
                ])
            }
            options.maxDocs = maxDocs
        }
        if let size = try request.integer("scroll_size") { options.batchSize = max(1, size) }
        if let slices = request.query["slices"], slices != "auto", Int(slices) == nil {
            throw ElasticsearchError.illegalArgument(
                "[slices] must be a positive integer or the string \"auto\", but was [\(slices)]")
        }
        return options
    }

    /// The query and options of `_delete_by_query` or `_update_by_query`.
    private static func byQuery(_ request: Request, allowScript: Bool) throws -> (
        SearchQuery?, ByQueryOptions
    ) {
        let json = try request.jsonBody()
        guard json.isNull || json.objectValue != nil else {
            throw ElasticsearchError.parsing("Malformed content, must start with an object")
        }
        var body = json.objectValue ?? [:]
        var options = try byQueryOptions(request, body: &body)
        if allowScript, let script = body.removeValue(forKey: "script") {
            options.script = try Script(json: script)
        }
        // The query is the engine's to decode (every type it runs); the rest is a search body,
        // with the search parser's errors.
        let query = try body.removeValue(forKey: "query").map { try SearchQuery(json: $0) }
        _ = try SearchRequest(json: body.isEmpty ? .null : .object(body))
        return (query, options)
    }

    /// The body of `_reindex`: `source` (`index`, `query`, `size`, `_source`), `dest` (`index`,
    /// `op_type`), `max_docs`, `conflicts`.
    private static func reindex(_ request: Request) throws -> (ReindexRequest, ByQueryOptions) {
        guard case .object(var body) = try request.jsonBody() else {
            throw ElasticsearchError.validation([
                "use _all if you really want to copy from all existing indexes", "index must be specified",
            ])
        }
        var options = try byQueryOptions(request, body: &body)
        if let script = body.removeValue(forKey: "script") { try refuseScript(script) }
        let source = body.removeValue(forKey: "source")?.objectValue ?? [:]
        let dest = body.removeValue(forKey: "dest")?.objectValue ?? [:]
        if let unknown = body.keys.sorted().first {
            throw ElasticsearchError.xContentParse("[reindex] unknown field [\(unknown)]")
        }
        var problems: [String] = []
        var sourceMembers = source
        let indices: [String]
        switch sourceMembers.removeValue(forKey: "index") {
        case .string(let name)?: indices = [name]
        case .array(let names)?: indices = names.compactMap(\.stringValue)
        default: indices = []
        }
        if indices.isEmpty {
            problems.append("use _all if you really want to copy from all existing indexes")
        }
        if let remote = sourceMembers.removeValue(forKey: "remote") {
            let host = remote.objectValue?["host"]?.stringValue ?? ""
            let address = host.split(separator: "/").dropFirst().first.map(String.init) ?? host
            throw ElasticsearchError.illegalArgument(
                "[\(address)] not allowlisted in reindex.remote.whitelist")
        }
        if let size = sourceMembers.removeValue(forKey: "size") {
            guard let number = size.intValue else {
                throw ElasticsearchError.parsing("[size] must be a number, found [\(size.tokenName)]")
            }
            options.batchSize = max(1, number)
        }
        let query = try sourceMembers.removeValue(forKey: "query").map { try SearchQuery(json: $0) }
        let search = try SearchRequest(json: sourceMembers.isEmpty ? .null : .object(sourceMembers))
        var destMembers = dest
        let destination = destMembers.removeValue(forKey: "index")?.stringValue
        if destination == nil { problems.append("index must be specified") }
        let createOnly: Bool
        switch destMembers.removeValue(forKey: "op_type")?.stringValue {
        case nil, "index": createOnly = false
        case "create": createOnly = true
        case let other?:
            throw ElasticsearchError.illegalArgument("opType must be 'create' or 'index', found: [\(other)]")
        }
        if let versionType = destMembers.removeValue(forKey: "version_type")?.stringValue,
            versionType != "internal"
        {
            throw ElasticsearchError.illegalArgument(
                "es-embedded keeps internal versions only: dest [version_type] [\(versionType)] is not supported"
            )
        }
        if let unknown = destMembers.keys.sorted().first {
            throw ElasticsearchError.xContentParse("[dest] unknown field [\(unknown)]")
        }
        if !problems.isEmpty { throw ElasticsearchError.validation(problems) }
        var reindex = ReindexRequest(
            source: indices.joined(separator: ","), sourceFilter: search.source,
            destination: destination ?? "", createOnly: createOnly)
        reindex.searchQuery = query
        return (reindex, options)
    }
}
