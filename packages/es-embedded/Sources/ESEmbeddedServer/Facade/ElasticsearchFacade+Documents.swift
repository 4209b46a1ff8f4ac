import ESEmbedded
import ESModels
import Foundation
import HTTPKit

extension ElasticsearchFacade {
    private static let writeParameters: Set<String> = [
        "refresh", "timeout", "wait_for_active_shards", "routing", "pipeline", "require_alias", "version",
        "version_type", "if_seq_no", "if_primary_term",
    ]

    func registerDocumentRoutes(on router: Router) {
        for method in [HTTPMethod.put, .post] {
            router.on("/{index}/_doc/{id}", method: method) { request, context in
                try request.checkParameters(Self.writeParameters.union(["op_type"]))
                let create: Bool
                switch request.query["op_type"] {
                case nil, "index": create = false
                case "create": create = true
                case let other?:
                    throw ElasticsearchError.illegalArgument(
                        "opType must be 'create' or 'index', found: [\(other)]")
                }
                return try await indexDocument(request, context: context, create: create)
            }
            router.on("/{index}/_create/{id}", method: method) { request, context in
                try request.checkParameters(Self.writeParameters)
                return try await indexDocument(request, context: context, create: true)
            }
        }
        router.post("/{index}/_doc") { request, context in
            try request.checkParameters(Self.writeParameters.union(["op_type"]))
            return try await indexDocument(request, context: context, create: false)
        }
        router.get("/{index}/_doc/{id}") { request, context in
            try request.checkParameters(Self.getParameters)
            return try await getDocument(request, context: context)
        }
        router.head("/{index}/_doc/{id}") { request, context in
            try request.checkParameters(Self.getParameters)
            let response = try await backend.getDocument(
                try context.parameters.require("index"), id: try context.parameters.require("id"))
            return RESTResponse.empty(status: response.found ? .ok : .notFound)
        }
        router.get("/{index}/_source/{id}") { request, context in
            try request.checkParameters(Self.getParameters)
            let (index, id) = (try context.parameters.require("index"), try context.parameters.require("id"))
            let (response, _) = try backend.storedDocument(index, id: id)
            guard response.found, var source = response.source else {
                throw ElasticsearchError(
                    type: "resource_not_found_exception", reason: "Document not found [\(index)]/[\(id)]",
                    status: 404)
            }
            if let filter = try Self.sourceFilter(request) { source = filter.apply(to: source) ?? [:] }
            return RESTResponse.json(source, request: request)
        }
        router.head("/{index}/_source/{id}") { request, context in
            try request.checkParameters(Self.getParameters)
            let (response, _) = try backend.storedDocument(
                try context.parameters.require("index"), id: try context.parameters.require("id"))
            return RESTResponse.empty(status: response.found && response.source != nil ? .ok : .notFound)
        }
        router.delete("/{index}/_doc/{id}") { request, context in
            try request.checkParameters(Self.writeParameters)
            let (index, id) = (try context.parameters.require("index"), try context.parameters.require("id"))
            let refresh = try request.refreshPolicy()
            let response = try await backend.durably {
                try backend.deleteDocument(index, id: id, refresh: refresh)
            }
            return RESTResponse.json(
                response.json, status: response.result == .notFound ? .notFound : .ok, request: request)
        }
        router.post("/{index}/_update/{id}") { request, context in
            try request.checkParameters(
                Self.writeParameters.union([
                    "retry_on_conflict", "_source", "_source_includes", "_source_excludes", "lang",
                ]))
            let body = try request.jsonBody()
            let update = try Self.documentUpdate(body)
            guard let detectNoop = body["detect_noop"]?.boolValue ?? (body["detect_noop"] == nil ? true : nil)
            else {
                throw ElasticsearchError.xContentParse("[UpdateRequest] failed to parse field [detect_noop]")
            }
            let (index, id) = (try context.parameters.require("index"), try context.parameters.require("id"))
            let refresh = try request.refreshPolicy()
            let response = try await backend.durably {
                try backend.updateDocument(
                    index, id: id, update: update, detectNoop: detectNoop, refresh: refresh)
            }
            return RESTResponse.json(
                response.json, status: response.result == .created ? .created : .ok, request: request)
        }
        for method in [HTTPMethod.post, .put] {
            for path in ["/_bulk", "/{index}/_bulk"] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(
                        Self.writeParameters.union([
                            "_source", "_source_includes", "_source_excludes", "list_executed_pipelines",
                        ]))
                    if !request.body.isEmpty { try request.checkContentType() }
                    let bulk = try BulkRequest(
                        ndjson: try BulkActionMetadata.applyingOpType(request.body),
                        defaultIndex: context.parameters["index"],
                        refresh: try request.refreshPolicy())
                    let response = try await backend.bulk(bulk)
                    return RESTResponse.json(response.json, request: request)
                }
            }
        }
    }

    private static let getParameters: Set<String> = [
        "_source", "_source_includes", "_source_excludes", "realtime", "refresh", "routing", "stored_fields",
        "preference", "version", "version_type",
    ]

    private func indexDocument(_ request: Request, context: RequestContext, create: Bool) async throws
        -> Response
    {
        let index = try context.parameters.require("index")
        let id = context.parameters["id"]
        let body = try request.jsonBody()
        let refresh = try request.refreshPolicy()
        let response =
            create
            ? try await backend.durably {
                try backend.createDocument(index, id: id, document: body, refresh: refresh)
            }
            : try await backend.index(index, id: id, document: body, refresh: refresh)
        return RESTResponse.json(
            response.json, status: response.result == .created ? .created : .ok, request: request)
    }

    private func getDocument(_ request: Request, context: RequestContext) async throws -> Response {
        let index = try context.parameters.require("index")
        var (response, text) = try backend.storedDocument(index, id: try context.parameters.require("id"))
        let storedSource = response.source
        if let source = response.source, let filter = try Self.sourceFilter(request) {
            response.source = filter.apply(to: source)
            text = nil
        }
        if let names = request.query["stored_fields"], response.found {
            // Stored fields come instead of `_source`, unless `_source` is asked for too.
            var json = response.json
            if request.query["_source"] == nil && request.query["_source_includes"] == nil {
                json["_source"] = nil
            }
            if let source = storedSource,
                let mapping = try backend.indexSummaries(response.index).first?.mapping,
                let fields = StoredFields.fields(
                    names.split(separator: ",").map(String.init), source: source, mapping: mapping)
            {
                json["fields"] = fields
            }
            return RESTResponse.json(json, request: request)
        }
        return RESTResponse.json(
            .hit(response.json, sourceText: text), status: response.found ? .ok : .notFound, request: request)
    }

    /// `_source`, `_source_includes` and `_source_excludes` URL parameters as a filter.
    static func sourceFilter(_ request: Request) throws -> SourceFilter? {
        let includes = request.query.values("_source_includes", separatedBy: ",")
        let excludes = request.query.values("_source_excludes", separatedBy: ",")
        if let source = request.query["_source"] {
            switch source {
            case "true", "": return SourceFilter(includes: includes, excludes: excludes)
            case "false": return SourceFilter(fetch: false)
            default:
                return SourceFilter(
                    includes: source.split(separator: ",").map(String.init) + includes, excludes: excludes)
            }
        }
        if includes.isEmpty && excludes.isEmpty { return nil }
        return SourceFilter(includes: includes, excludes: excludes)
    }

    /// The body of an update request.
    static func documentUpdate(_ json: JSONValue) throws -> DocumentUpdate {
        guard case .object(let members) = json else {
            throw ElasticsearchError.validation(["script or doc is missing"])
        }
        for key in members.keys
        where !["doc", "upsert", "doc_as_upsert", "detect_noop", "_source", "script", "scripted_upsert"]
            .contains(key)
        {
            throw ElasticsearchError.xContentParse("[UpdateRequest] unknown field [\(key)]")
        }
        var update = DocumentUpdate(
            doc: members["doc"], docAsUpsert: members["doc_as_upsert"]?.boolValue, upsert: members["upsert"])
        if let script = members["script"] {
            if update.doc != nil {
                throw ElasticsearchError.validation(["can't provide both script and doc"])
            }
            update.script = try Script(json: script)
            update.scriptedUpsert = members["scripted_upsert"]?.boolValue ?? false
        }
        guard update.doc != nil || update.upsert != nil || update.script != nil else {
            throw ElasticsearchError.validation(["script or doc is missing"])
        }
        return update
    }

    /// A node that runs no scripts (Elasticsearch with `script.allowed_types: none`) refuses them so.
    static func refuseScript(_ script: JSONValue) throws {
        let type = script.objectValue?["id"] != nil ? "stored" : "inline"
        throw ElasticsearchError.illegalArgument("cannot execute [\(type)] scripts")
    }
}
