import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    private static let searchParameters: Set<String> = [
        "size", "from", "sort", "_source", "_source_includes", "_source_excludes", "track_total_hits",
        "rest_total_hits_as_int", "typed_keys", "search_type", "request_cache", "preference", "routing",
        "timeout",
        "allow_partial_search_results", "batched_reduce_size", "max_concurrent_shard_requests",
        "pre_filter_shard_size", "ccs_minimize_roundtrips", "track_scores", "ignore_throttled",
    ]

    func registerSearchRoutes(on router: Router) {
        for method in [HTTPMethod.get, .post] {
            for path in ["/{index}/_search", "/_search"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(Self.searchParameters.union(Self.expressionParameters))
                    let search = try Self.searchRequest(request)
                    let response = try await backend.search(
                        context.parameters["index"] ?? "_all", request: search)
                    var json = response.json
                    if try request.flag("rest_total_hits_as_int") == true {
                        json["hits"]?["total"] = response.hits.total.map { .int($0.value) } ?? .null
                    }
                    return RESTResponse.json(json, request: request)
                }
            }
            for path in ["/{index}/_count", "/_count"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(
                        Self.expressionParameters.union([
                            "routing", "preference", "min_score", "terminate_after",
                        ]))
                    let count = try CountRequest(json: try request.jsonBody())
                    let response = try await backend.count(
                        context.parameters["index"] ?? "_all", request: count)
                    return RESTResponse.json(response.json, request: request)
                }
            }
        }
    }

    /// The search body with the URL parameters that override it.
    static func searchRequest(_ request: Request) throws -> SearchRequest {
        var search = try SearchRequest(json: try request.jsonBody())
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
        return search
    }
}
