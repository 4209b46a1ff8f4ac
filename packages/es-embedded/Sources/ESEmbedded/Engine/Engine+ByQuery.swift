import ESModels

extension Engine {
    /// A document a by-query operation found, as the refreshed snapshot it searched saw it.
    typealias Found = (index: String, id: String, version: Int, seqNo: Int, source: JSONValue)

    /// The write a by-query operation makes for one document it found, and whether that write
    /// requires the document to be unchanged since the search (internal versioning, as
    /// Elasticsearch's by-query writes use `if_seq_no`).
    typealias ByQueryWrite = (operation: BulkOperation, requireUnchanged: Bool)

    /// Deletes what `query` matches (`_delete_by_query`).
    func deleteByQuery(_ expression: String, query: SearchQuery?, options: ByQueryOptions) throws
        -> ByQueryResponse
    {
        try runByQuery(.deleteByQuery, expression, query: query, options: options) { found in
            (.delete(index: found.index, id: found.id), true)
        }
    }

    /// Writes again what `query` matches, unchanged (`_update_by_query` without a script):
    /// each document takes a new version and is indexed with the current mapping.
    func updateByQuery(_ expression: String, query: SearchQuery?, options: ByQueryOptions) throws
        -> ByQueryResponse
    {
        guard let script = options.script else {
            return try runByQuery(.updateByQuery, expression, query: query, options: options) { found in
                (.index(index: found.index, id: found.id, document: found.source), true)
            }
        }
        // A script that cannot run fails the request before any document is touched.
        try read { catalog in
            try Self.checkScriptAllowed(script.type, setting: catalog.clusterSetting("script.allowed_types"))
        }
        _ = try PainlessScript(script)
        return try runByQuery(.updateByQuery, expression, query: query, options: options) { found in
            var update = DocumentUpdate(doc: nil)
            update.script = script
            return (.update(index: found.index, id: found.id, update: update), true)
        }
    }

    /// Copies what the request's query matches into its destination (`_reindex`).
    ///
    /// - Throws: `action_request_validation_exception` when the destination is one of the sources.
    func reindex(_ request: ReindexRequest, options: ByQueryOptions) throws -> ByQueryResponse {
        try read { catalog in
            let sources = try catalog.resolve(request.source, options: options.indices).map(\.index)
            if let destination = try catalog.writeTarget(request.destination), sources.contains(destination) {
                throw ElasticsearchError.validation([
                    "reindex cannot write into an index its reading from [\(destination)]"
                ])
            }
        }
        let query = request.searchQuery ?? request.query.map(SearchQuery.init)
        return try runByQuery(.reindex, request.source, query: query, options: options) { found in
            let source = request.sourceFilter.map { $0.apply(to: found.source) ?? [:] } ?? found.source
            let operation: BulkOperation =
                request.createOnly
                ? .create(index: request.destination, id: found.id, document: source)
                : .index(index: request.destination, id: found.id, document: source)
            return (operation, false)
        }
    }

    /// Finds every document `query` matches in a refreshed snapshot, then writes them in
    /// batches (a journal write each), counting what each write did; stops after a batch with
    /// a failure (version conflicts count as failures unless `proceedOnConflicts`).
    private func runByQuery(
        _ kind: ByQueryResponse.Operation, _ expression: String, query: SearchQuery?, options: ByQueryOptions,
        _ makeWrite: (Found) -> ByQueryWrite
    ) throws -> ByQueryResponse {
        let started = monotonicMillis
        let found = try matchingDocuments(expression, query: query, options: options.indices)
        let limit = options.maxDocs ?? Int.max
        var response = ByQueryResponse(operation: kind)
        response.total = min(found.count, limit)
        var touched = Set<String>()
        var position = 0
        var done = 0
        batches: while position < found.count && done < limit {
            let end = min(found.count, position + min(max(1, options.batchSize), limit - done))
            let batch = found[position..<end]
            position = end
            response.batches += 1
            let outcomes = try write { catalog, records in
                batch.map {
                    document -> (target: String, id: String, Result<WriteOutcome, ElasticsearchError>) in
                    let planned = makeWrite(document)
                    let target = planned.operation.index
                    do {
                        if planned.requireUnchanged {
                            try Self.checkUnchanged(document, catalog: catalog)
                        }
                        let written = try apply(planned.operation, catalog: &catalog, records: &records)
                        return (target, document.id, .success(written))
                    } catch let error as ElasticsearchError {
                        return (target, document.id, .failure(error))
                    } catch {
                        let failure = ElasticsearchError(type: "exception", reason: "\(error)", status: 500)
                        return (target, document.id, .failure(failure))
                    }
                }
            }
            var failed = false
            for (target, id, outcome) in outcomes {
                switch outcome {
                case .success(let written):
                    touched.insert(written.index)
                    done += 1
                    switch written.result {
                    case .created: response.created += 1
                    case .updated: response.updated += 1
                    case .deleted: response.deleted += 1
                    case .noop: response.noops += 1
                    case .notFound: break
                    }
                case .failure(let error) where error.type == "version_conflict_engine_exception":
                    response.versionConflicts += 1
                    if !options.proceedOnConflicts {
                        failed = true
                        response.failures.append(
                            ByQueryFailure(index: target, id: id, error: error))
                    }
                case .failure(let error):
                    failed = true
                    response.failures.append(
                        ByQueryFailure(index: target, id: id, error: error))
                }
            }
            if failed { break batches }
        }
        if options.refresh && !touched.isEmpty {
            try read { catalog in
                for name in touched { catalog.indices[name]?.refresh(monotonicMillis: monotonicMillis) }
            }
        }
        response.took = Int(monotonicMillis - started)
        return response
    }

    /// Refuses a write to a document that changed (or went) since the search found it, with
    /// the conflict Elasticsearch reports for a stale `if_seq_no`.
    private static func checkUnchanged(_ document: Found, catalog: Catalog) throws {
        guard let state = catalog.indices[document.index] else {
            throw ElasticsearchError.indexNotFound(document.index)
        }
        let current = state.writer.entry(document.id)
        guard let current, current.doc != nil, current.seqNo == document.seqNo else {
            let found =
                current.flatMap { $0.doc == nil ? nil : $0 }.map {
                    "current document has seqNo [\($0.seqNo)] and primary term [1]"
                } ?? "but no document was found"
            var conflict = ElasticsearchError(
                type: "version_conflict_engine_exception",
                reason:
                    "[\(document.id)]: version conflict, required seqNo [\(document.seqNo)], primary term [1]. \(found)",
                status: 409,
                metadata: [
                    "index_uuid": .string(state.identity.uuid), "shard": "0",
                    "index": .string(document.index),
                ])
            conflict.rootCauses = []
            throw conflict
        }
    }
}
