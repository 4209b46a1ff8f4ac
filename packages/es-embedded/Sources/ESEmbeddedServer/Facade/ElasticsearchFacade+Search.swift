import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    private static let searchParameters: Set<String> = [
        "size", "from", "sort", "_source", "_source_includes", "_source_excludes", "track_total_hits",
        "rest_total_hits_as_int", "typed_keys", "search_type", "request_cache", "preference", "routing",
        "timeout", "scroll", "stored_fields",
        "allow_partial_search_results", "batched_reduce_size", "max_concurrent_shard_requests",
        "pre_filter_shard_size", "ccs_minimize_roundtrips", "track_scores", "ignore_throttled",
        "q", "df", "default_operator", "analyzer", "analyze_wildcard", "lenient",
    ]
    private static let searchRouteParameters = searchParameters.union(expressionParameters)

    func registerSearchRoutes(on router: Router) {
        for method in [HTTPMethod.get, .post] {
            for path in ["/{index}/_search", "/_search"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(Self.searchRouteParameters)
                    let body = try request.jsonBody()
                    return try search(request, body: body, index: context.parameters["index"])
                }
            }
            for path in ["/_search/scroll", "/_search/scroll/{scroll_id}"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(["scroll", "scroll_id", "rest_total_hits_as_int"])
                    var reader = try ScrollBody(request.jsonBody())
                    let id = try context.parameters["scroll_id"] ?? request.query["scroll_id"] ?? reader.id()
                    guard let id else { throw ElasticsearchError.validation(["scrollId is missing"]) }
                    let keepAlive = try (request.query["scroll"] ?? reader.keepAlive()).map {
                        try KeepAlive(parsing: $0, setting: "scroll")
                    }
                    let result = try backend.scroll(id, keepAlive: keepAlive)
                    let answer = RESTSearchAnswer(
                        result: result, restTotalHitsAsInt: try request.flag("rest_total_hits_as_int") == true
                    )
                    return RESTResponse.json(.search(answer), request: request)
                }
            }
            for path in ["/{index}/_count", "/_count"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(
                        Self.expressionParameters.union([
                            "routing", "preference", "min_score", "terminate_after", "q", "df",
                            "default_operator", "lenient",
                            "analyzer", "analyze_wildcard",
                        ]))
                    // The engine decodes the query (every type it runs); the rest as es-models does.
                    var body = try request.jsonBody()
                    var query: SearchQuery?
                    if case .object(var members) = body, let raw = members.removeValue(forKey: "query") {
                        query = try SearchQuery(json: raw)
                        body = .object(members)
                    }
                    _ = try CountRequest(json: body)
                    if let text = request.query["q"] {
                        query = try SearchQuery(
                            queryString: text, defaultField: request.query["df"],
                            defaultOperator: request.query["default_operator"],
                            lenient: try request.flag("lenient"))
                    }
                    let response = try backend.count(
                        context.parameters["index"] ?? "_all", query: query,
                        options: try request.indicesOptions())
                    return RESTResponse.json(response.json, request: request)
                }
            }
        }
        for path in ["/_search/scroll", "/_search/scroll/{scroll_id}"] {
            router.delete(path) { request, context in
                try request.checkParameters([])
                var ids: [String]?
                if let id = context.parameters["scroll_id"] {
                    ids = id == "_all" ? nil : id.split(separator: ",").map(String.init)
                } else {
                    var reader = try ScrollBody(request.jsonBody())
                    ids = try reader.ids()
                    if ids == ["_all"] { ids = nil }
                    guard ids != [] else { throw ElasticsearchError.validation(["no scroll ids specified"]) }
                }
                var freed = backend.clearScroll(ids)
                // Clearing `_all` counts the nodes that cleared their contexts, as Elasticsearch
                // does: one here, so it succeeds with nothing open (harnesses call it in teardown).
                if ids == nil { freed = 1 }
                return RESTResponse.json(
                    ["succeeded": true, "num_freed": .int(freed)], status: freed == 0 ? .notFound : .ok,
                    request: request)
            }
        }
        router.post("/{index}/_pit") { request, context in
            try request.checkParameters(
                Self.expressionParameters.union([
                    "keep_alive", "routing", "preference", "allow_partial_search_results",
                ]))
            guard let text = request.query["keep_alive"] else {
                throw ElasticsearchError.validation(["[keep_alive] is not specified"])
            }
            let id = try backend.openPointInTime(
                try context.parameters.require("index"),
                keepAlive: KeepAlive(parsing: text, setting: "keep_alive"),
                options: try request.indicesOptions())
            return RESTResponse.json(
                ["id": .string(id), "_shards": ["total": 1, "successful": 1, "skipped": 0, "failed": 0]],
                request: request)
        }
        router.delete("/_pit") { request, _ in
            try request.checkParameters([])
            var reader = try ScrollBody(request.jsonBody())
            guard let id = try reader.pointInTimeID() else {
                throw ElasticsearchError.validation(["point-in-time id must be specified"])
            }
            let freed = backend.closePointInTime([id])
            return RESTResponse.json(
                ["succeeded": true, "num_freed": .int(freed)], status: freed == 0 ? .notFound : .ok,
                request: request)
        }
    }

    /// Runs a search request (`_search`), shaping the answer as Elasticsearch does.
    func search(_ request: Request, body: JSONValue, index: String?) throws -> Response {
        RESTResponse.json(try searchAnswer(request, body: body, index: index), request: request)
    }

    /// The body of a search's answer (also one of `_msearch`'s responses); hits that return
    /// their whole `_source` carry the text their index stored.
    func searchAnswer(
        _ request: Request, body: JSONValue, index: String?, indices: IndicesOptions? = nil
    ) throws -> ResponseBody {
        var (search, options, fields) = try Self.searchRequest(request, body: body)
        if let indices { options.indices = indices }
        if try request.flag("rest_total_hits_as_int") == true {
            switch search.trackTotalHits {
            case nil, .accurate?: search.trackTotalHits = .accurate
            case .disabled?: break
            case .upTo(let count)?:
                throw ElasticsearchError.illegalArgument(
                    "[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got \(count)"
                )
            }
        }
        let result = try backend.search(
            index ?? (options.pointInTime == nil ? "_all" : nil), request: search, options: options)
        let answer = RESTSearchAnswer(
            result: result, restTotalHitsAsInt: try request.flag("rest_total_hits_as_int") == true)
        guard let stored = fields.storedFields else { return .search(answer) }
        var json = answer.json
        var mappings: [String: Mapping] = [:]
        if case .array(let hits)? = json["hits"]?["hits"] {
            json["hits"]?["hits"] = .array(
                try hits.enumerated().map { position, hit in
                    guard case .object(var members) = hit else { return hit }
                    if stored == ["_none_"] { members["_id"] = nil }
                    if let index = members["_index"]?.stringValue, stored != ["_none_"],
                        let source = result.response.hits.hits[position].source ?? nil
                    {
                        if mappings[index] == nil {
                            mappings[index] = try backend.indexSummaries(index).first?.mapping
                        }
                        if let mapping = mappings[index],
                            let values = StoredFields.fields(stored, source: source, mapping: mapping)
                        {
                            var all = members["fields"]?.objectValue ?? [:]
                            for (name, value) in values.objectValue ?? [:] { all[name] = value }
                            members["fields"] = .object(all)
                        }
                    }
                    if !fields.explicitSource && !stored.contains("_source") { members["_source"] = nil }
                    return .object(members)
                })
        }
        return .value(json)
    }

    /// What the facade reads from a search body itself rather than es-models' decoder.
    struct SearchFields {
        var storedFields: [String]?
        var explicitSource = false
    }

    /// The search body with the URL parameters that override it, and the options es-models'
    /// request has no place for.
    static func searchRequest(_ request: Request, body: JSONValue) throws -> (
        SearchRequest, SearchOptions, SearchFields
    ) {
        var options = SearchOptions(indices: try request.indicesOptions())
        var fields = SearchFields()
        var members = body.objectValue ?? [:]
        if let after = members.removeValue(forKey: "search_after") {
            guard case .array(let values) = after else {
                throw ElasticsearchError.parsing(
                    "[search_after] must be an array, found [\(after.tokenName)]")
            }
            options.searchAfter = values
        }
        if let pit = members.removeValue(forKey: "pit") {
            guard case .object(let parts) = pit, let id = parts["id"]?.stringValue else {
                throw ElasticsearchError.xContentParse("[point_in_time] failed to parse field [id]")
            }
            options.pointInTime = SearchOptions.PointInTime(
                id: id,
                keepAlive: try parts["keep_alive"]?.stringValue.map {
                    try KeepAlive(parsing: $0, setting: "keep_alive")
                })
        }
        if let aggregations = members.removeValue(forKey: "aggs")
            ?? members.removeValue(forKey: "aggregations")
        {
            options.aggregations = aggregations
        }
        if let highlight = members.removeValue(forKey: "highlight") {
            options.highlight = highlight
        }
        if let docvalue = members.removeValue(forKey: "docvalue_fields") {
            guard case .array(let entries) = docvalue else {
                throw ElasticsearchError.parsing(
                    "[docvalue_fields] must be an array, found [\(docvalue.tokenName)]")
            }
            options.docvalueFields = try entries.map { entry in
                if let name = entry.stringValue { return SearchOptions.DocvalueField(field: name) }
                guard case .object(let members) = entry, let name = members["field"]?.stringValue else {
                    throw ElasticsearchError.parsing(
                        "[docvalue_fields] entries must be field names or {\"field\": ...}")
                }
                return SearchOptions.DocvalueField(field: name, format: members["format"]?.stringValue)
            }
        }
        if let scripted = members.removeValue(forKey: "script_fields") {
            guard case .object(let entries) = scripted else {
                throw ElasticsearchError.parsing(
                    "[script_fields] must be an object, found [\(scripted.tokenName)]")
            }
            options.scriptFields = try entries.keys.sorted().map { name in
                guard case .object(let field)? = entries[name], let script = field["script"] else {
                    throw ElasticsearchError.parsing("[script_fields] [\(name)] requires a [script]")
                }
                return SearchOptions.ScriptField(
                    name: name, script: try Script(json: script),
                    ignoreFailure: field["ignore_failure"]?.boolValue ?? false)
            }
        }
        if let collapse = members.removeValue(forKey: "collapse") {
            guard case .object(let parts) = collapse, let field = parts["field"]?.stringValue else {
                throw ElasticsearchError.xContentParse("[collapse] failed to parse field [field]")
            }
            switch parts["inner_hits"] {
            case nil: break
            case .array(let list)?:
                options.collapseInnerHits = try list.map { try InnerHits(json: $0, path: field) }
            case let single?: options.collapseInnerHits = [try InnerHits(json: single, path: field)]
            }
            options.collapseField = field
        }
        if let filter = members.removeValue(forKey: "post_filter") {
            options.postFilter = try SearchQuery(json: filter)
        }
        if let knn = members.removeValue(forKey: "knn") {
            options.knn = try KnnSearch.list(json: knn)
        }
        if let stored = members.removeValue(forKey: "stored_fields") {
            fields.storedFields =
                stored.arrayValue?.compactMap(\.stringValue) ?? stored.stringValue.map { [$0] }
        }
        if let stored = request.query["stored_fields"] {
            fields.storedFields = stored.split(separator: ",").map(String.init)
        }
        fields.explicitSource =
            members["_source"] != nil || request.query["_source"] != nil
            || request.query["_source_includes"] != nil
        if fields.storedFields == ["_none_"], fields.explicitSource {
            throw ElasticsearchError.validation([
                "[stored_fields] cannot be disabled if [_source] is requested"
            ])
        }
        for flag in ["version", "seq_no_primary_term", "track_scores", "explain"]
        where members[flag]?.boolValue == false {
            members[flag] = nil
        }
        // es-models decodes the query types it has; the engine decodes the others.
        var engineQuery: SearchQuery?
        if let query = members.removeValue(forKey: "query") {
            engineQuery = try SearchQuery(json: query)
        }
        if let text = request.query["q"] {
            engineQuery = try SearchQuery(
                queryString: text, defaultField: request.query["df"],
                defaultOperator: request.query["default_operator"], lenient: try request.flag("lenient"))
        }
        var search = try SearchRequest(json: body.isNull ? .null : .object(members))
        if let engineQuery {
            if let plain = engineQuery.esModelsQuery {
                search.query = plain
            } else {
                options.query = engineQuery
            }
        }
        if let scroll = request.query["scroll"] {
            options.scroll = try KeepAlive(parsing: scroll, setting: "scroll")
        }
        if let size = try request.integer("size") {
            guard size >= 0 else {
                throw ElasticsearchError.illegalArgument(
                    "[size] parameter cannot be negative, found [\(size)]")
            }
            search.size = size
        }
        if let from = try request.integer("from") {
            guard from >= 0 else {
                throw ElasticsearchError.illegalArgument(
                    "[from] parameter cannot be negative, found [\(from)]")
            }
            search.from = from
        }
        if let sort = request.query["sort"] {
            search.sort = try sort.split(separator: ",").map { item in
                let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return SortField(parts[0]) }
                guard let order = SortField.Order(rawValue: parts[1].lowercased()) else {
                    throw ElasticsearchError.illegalArgument("Unknown SortOrder [\(parts[1])]")
                }
                return SortField(parts[0], order: order)
            }
        }
        if let track = request.query["track_total_hits"] {
            search.trackTotalHits = try TrackTotalHits(json: .string(track.isEmpty ? "true" : track))
        }
        if let filter = try sourceFilter(request) { search.source = filter }
        return (search, options, fields)
    }

    /// The search body with the URL parameters that override it.
    static func searchRequest(_ request: Request) throws -> SearchRequest {
        try searchRequest(request, body: try request.jsonBody()).0
    }
}

/// The body of scroll and point-in-time requests: `scroll_id` (a string or a list), `scroll`, `id`.
struct ScrollBody {
    private let members: [String: JSONValue]

    init(_ json: JSONValue) throws {
        switch json {
        case .null: members = [:]
        case .object(let members): self.members = members
        default: throw ElasticsearchError.parsing("Malformed content, must start with an object")
        }
        if let unknown = members.keys.first(where: {
            !["scroll_id", "scroll", "id", "rest_total_hits_as_int"].contains($0)
        }) {
            throw ElasticsearchError.illegalArgument(
                "Unknown parameter [\(unknown)] in request body or parameter is of the wrong type[VALUE_STRING] "
            )
        }
    }

    mutating func id() throws -> String? { members["scroll_id"]?.stringValue }
    mutating func keepAlive() throws -> String? { members["scroll"]?.stringValue }
    mutating func pointInTimeID() throws -> String? { members["id"]?.stringValue }

    mutating func ids() throws -> [String]? {
        switch members["scroll_id"] {
        case .string(let id)?: return id.split(separator: ",").map(String.init)
        case .array(let list)?: return list.compactMap(\.stringValue)
        default: return []
        }
    }
}
