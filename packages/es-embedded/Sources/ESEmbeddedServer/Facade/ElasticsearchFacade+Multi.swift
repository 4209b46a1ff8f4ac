import ESEmbedded
import ESModels
import Foundation
import HTTPKit

extension ElasticsearchFacade {
    func registerMultiRoutes(on router: Router) {
        for method in [HTTPMethod.get, .post] {
            for path in ["/_mget", "/{index}/_mget"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(
                        Self.multiGetParameters.union(["_source", "_source_includes", "_source_excludes"]))
                    return try await multiGet(request, index: context.parameters["index"])
                }
            }
            for path in ["/_msearch", "/{index}/_msearch"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters([
                        "max_concurrent_searches", "max_concurrent_shard_requests", "pre_filter_shard_size",
                        "rest_total_hits_as_int", "typed_keys", "search_type", "ccs_minimize_roundtrips",
                        "ignore_unavailable", "allow_no_indices", "expand_wildcards", "ignore_throttled",
                        "routing",
                    ])
                    return try multiSearch(request, index: context.parameters["index"])
                }
            }
        }
        for path in ["/_data_stream", "/_data_stream/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters([
                    "expand_wildcards", "include_defaults", "master_timeout", "verbose",
                ])
                let streams = try backend.dataStreams(context.parameters["name"])
                return RESTResponse.json(["data_streams": .array(streams)], request: request)
            }
        }
        router.put("/_data_stream/{name}") { request, context in
            try request.checkParameters(["master_timeout", "timeout"])
            let name = try context.parameters.require("name")
            let response = try await backend.durably { try backend.createDataStream(name) }
            return RESTResponse.json(response.json, request: request)
        }
        router.delete("/_data_stream/{name}") { request, context in
            try request.checkParameters(["expand_wildcards", "master_timeout"])
            let name = try context.parameters.require("name")
            let response = try await backend.durably { try backend.deleteDataStreams(name) }
            return RESTResponse.json(response.json, request: request)
        }
    }

    private static let multiGetParameters: Set<String> = [
        "realtime", "refresh", "routing", "preference", "stored_fields",
    ]

    /// `_mget`: `docs` (each with `_index` unless the URL names one, `_id`, `_source`) or `ids`.
    private func multiGet(_ request: Request, index: String?) async throws -> Response {
        guard case .object(let body) = try request.jsonBody() else {
            throw ElasticsearchError.validation(["no documents to get"])
        }
        if let unknown = body.keys.sorted().first(where: { $0 != "docs" && $0 != "ids" }) {
            throw ElasticsearchError.parsing(
                "unknown key [\(unknown)] for a \(body[unknown]?.tokenName ?? "VALUE") , expected [docs] or [ids]"
            )
        }
        var wanted: [(index: String?, id: String?, source: JSONValue?)] = []
        for entry in body["docs"]?.arrayValue ?? [] {
            guard case .object(let members) = entry else {
                throw ElasticsearchError.parsing("docs array element should include an object")
            }
            wanted.append(
                (
                    members["_index"]?.stringValue ?? index,
                    members["_id"].flatMap { $0.stringValue ?? $0.compactString }, members["_source"]
                ))
        }
        for id in body["ids"]?.arrayValue ?? [] {
            wanted.append((index, id.stringValue ?? id.compactString, nil))
        }
        var problems: [String] = []
        for (position, item) in wanted.enumerated() {
            if item.index == nil { problems.append("index is missing for doc \(position)") }
            if item.id == nil { problems.append("id is missing for doc \(position)") }
        }
        if wanted.isEmpty { problems.append("no documents to get") }
        if !problems.isEmpty { throw ElasticsearchError.validation(problems) }
        let urlFilter = try Self.sourceFilter(request)
        var docs: [ResponseBody] = []
        for item in wanted {
            let name = item.index ?? ""
            let id = item.id ?? ""
            do {
                var (response, text) = try backend.storedDocument(name, id: id)
                let filter = try item.source.map(SourceFilter.init(json:)) ?? urlFilter
                if let source = response.source, let filter {
                    response.source = filter.apply(to: source)
                    text = nil
                }
                docs.append(.hit(response.json, sourceText: text))
            } catch let error as ElasticsearchError {
                docs.append(
                    .value([
                        "_index": .string(name), "_id": .string(id),
                        "error": error.json["error"] ?? error.cause.json,
                    ]))
            }
        }
        return RESTResponse.json(.object(["docs": .array(docs)]), request: request)
    }

    /// `_msearch`: NDJSON pairs of a header (`index`, index options) and a search body; every
    /// search answers in order, with its status, a failed one with its error.
    private func multiSearch(_ request: Request, index: String?) throws -> Response {
        if !request.body.isEmpty { try request.checkContentType() }
        let started = ContinuousClock.now
        let lines = request.body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { Data($0) }
            .filter { !$0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") } }
        guard !lines.isEmpty else {
            throw ElasticsearchError.validation(["no requests added"])
        }
        var responses: [ResponseBody] = []
        var position = 0
        while position < lines.count {
            let header = try Self.ndjsonLine(lines[position])
            guard position + 1 < lines.count else {
                throw ElasticsearchError.illegalArgument(
                    "The msearch request must be terminated by a newline [\\n]")
            }
            let body = try Self.ndjsonLine(lines[position + 1])
            position += 2
            do {
                guard case .object(let members) = header else {
                    throw ElasticsearchError.parsing("Malformed content, must start with an object")
                }
                let target: String? =
                    switch members["index"] {
                    case .string(let name)?: name
                    case .array(let names)?: names.compactMap(\.stringValue).joined(separator: ",")
                    default: index
                    }
                var indices = try request.indicesOptions()
                if let flag = members["ignore_unavailable"]?.boolValue { indices.ignoreUnavailable = flag }
                if let flag = members["allow_no_indices"]?.boolValue { indices.allowNoIndices = flag }
                let answer = try searchAnswer(request, body: body, index: target, indices: indices)
                responses.append(answer.settingMember("status", to: 200))
            } catch let error as ElasticsearchError {
                var answer = error.json
                answer["status"] = .int(error.status)
                responses.append(.value(answer))
            }
        }
        let elapsed = ContinuousClock.now - started
        let took = Int(
            elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return RESTResponse.json(
            .object(["took": .value(.int(took)), "responses": .array(responses)]), request: request)
    }

    private static func ndjsonLine(_ line: Data) throws -> JSONValue {
        do {
            return try JSONValue(parsing: line)
        } catch {
            throw ElasticsearchError(parseError: error)
        }
    }
}
