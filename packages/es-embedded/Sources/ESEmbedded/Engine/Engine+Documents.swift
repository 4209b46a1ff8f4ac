import ESModels

extension Engine {
    /// What a successful write did.
    struct WriteOutcome: Sendable {
        var index: String
        var id: String
        var version: Int
        var seqNo: Int
        var result: DocumentResult
        var shards: ShardStatistics
        var status: Int
    }

    func index(
        _ name: String, id: String?, document: JSONValue, refresh: RefreshPolicy, create: Bool = false
    ) throws -> IndexResponse {
        let operation: BulkOperation =
            create
            ? .create(index: name, id: id, document: document)
            : .index(index: name, id: id, document: document)
        let outcome = try write { catalog, records in
            let outcome = try apply(operation, catalog: &catalog, records: &records)
            if refresh != .none { catalog.indices[outcome.index]?.refresh(monotonicMillis: monotonicMillis) }
            return outcome
        }
        return IndexResponse(
            index: outcome.index, id: outcome.id, version: outcome.version, result: outcome.result,
            seqNo: outcome.seqNo,
            primaryTerm: 1, shards: outcome.shards, forcedRefresh: refresh == .immediate ? true : nil)
    }

    /// Deletes one document; a missing one is `not_found`, not an error (the HTTP answer is a 404).
    func deleteDocument(_ name: String, id: String, refresh: RefreshPolicy) throws -> WriteOutcome {
        try write { catalog, records in
            let outcome = try apply(.delete(index: name, id: id), catalog: &catalog, records: &records)
            if refresh != .none { catalog.indices[outcome.index]?.refresh(monotonicMillis: monotonicMillis) }
            return outcome
        }
    }

    /// Applies a partial update (`POST /{index}/_update/{id}`); without `detectNoop` an update
    /// that changes nothing is still written (a new version).
    func update(
        _ name: String, id: String, update: DocumentUpdate, detectNoop: Bool = true, refresh: RefreshPolicy
    ) throws -> WriteOutcome {
        try write { catalog, records in
            let outcome = try apply(
                .update(index: name, id: id, update: update), detectNoop: detectNoop, catalog: &catalog,
                records: &records)
            if refresh != .none { catalog.indices[outcome.index]?.refresh(monotonicMillis: monotonicMillis) }
            return outcome
        }
    }

    func getDocument(_ name: String, id: String) throws -> GetDocumentResponse {
        try storedDocument(name, id: id).response
    }

    /// The document under `id`, with its `_source` as the compact JSON text the index stored.
    func storedDocument(_ name: String, id: String) throws -> (
        response: GetDocumentResponse, sourceText: [UInt8]?
    ) {
        let (index, stored) = try read {
            catalog -> (String, (source: JSONValue, sourceText: [UInt8], version: Int, seqNo: Int)?) in
            let concrete = try catalog.single(name)
            return (concrete, catalog.indices[concrete]?.writer.document(id))
        }
        guard let stored else { return (GetDocumentResponse(index: index, id: id, found: false), nil) }
        let response = GetDocumentResponse(
            index: index, id: id, found: true, version: stored.version, seqNo: stored.seqNo, primaryTerm: 1,
            source: stored.source)
        return (response, stored.sourceText)
    }

    func bulk(_ request: BulkRequest) throws -> BulkResponse {
        let started = monotonicMillis
        let results = try writeInSteps(request.operations, stepSize: 256) { catalog, records, operation in
            Self.itemResult(operation) { try self.apply(operation, catalog: &catalog, records: &records) }
        }
        if request.refresh != .none {
            let touched = Set(results.compactMap { $0.isFailure ? nil : $0.index })
            try read { catalog in
                for name in touched { catalog.indices[name]?.refresh(monotonicMillis: monotonicMillis) }
            }
        }
        return BulkResponse(took: Int(monotonicMillis - started), items: results)
    }

    private static func itemResult(_ operation: BulkOperation, _ body: () throws -> WriteOutcome)
        -> BulkItemResult
    {
        do {
            let outcome = try body()
            return BulkItemResult(
                action: operation.action, index: outcome.index, id: outcome.id, status: outcome.status,
                result: outcome.result, version: outcome.version, seqNo: outcome.seqNo, primaryTerm: 1,
                shards: outcome.shards)
        } catch let error as ElasticsearchError {
            return BulkItemResult(
                action: operation.action, index: operation.index, id: operation.id, failure: error)
        } catch {
            let failure = ElasticsearchError(type: "exception", reason: "\(error)", status: 500)
            return BulkItemResult(
                action: operation.action, index: operation.index, id: operation.id, failure: failure)
        }
    }

    // MARK: - Applying one operation

    /// Applies one write to the catalog, listing its journal records.
    func apply(
        _ operation: BulkOperation, detectNoop: Bool = true, catalog: inout Catalog,
        records: inout [JournalRecord]
    ) throws -> WriteOutcome {
        let name = operation.index
        let concrete: String
        // A data stream takes creates only (an index request without an id is one), each
        // document with its timestamp, into its write index; a create of a new name that a
        // data-stream template matches starts the data stream.
        let streamWrite: Bool
        switch operation {
        case .create(_, _, let document), .index(_, nil, let document):
            streamWrite = true
            if catalog.metadata.dataStreams[name] != nil
                || (catalog.writeTarget(nameOrNil: name) == nil && autoCreateIndex
                    && Self.matchingTemplate(name, catalog: catalog)?.1.dataStream != nil)
            {
                try Self.checkDataStreamDocument(document)
            }
        default: streamWrite = false
        }
        if let backing = catalog.dataStreamIndices(name) {
            guard streamWrite, let writeIndex = backing.last else {
                throw ElasticsearchError.dataStreamWritesAreCreates
            }
            concrete = writeIndex
        } else if let target = try catalog.writeTarget(name) {
            concrete = target
        } else if operation.action != .delete && autoCreateIndex,
            Self.matchingTemplate(name, catalog: catalog)?.1.dataStream != nil
        {
            guard streamWrite else { throw ElasticsearchError.dataStreamWritesAreCreates }
            concrete = try createDataStreamState(name, in: &catalog, records: &records)
        } else if operation.action != .delete && autoCreateIndex {
            try IndexNames.validateIndex(name)
            let definition = try Self.applyingTemplates(name, IndexDefinition(), catalog: catalog)
            createIndexState(
                name, settings: definition.settings, mapping: definition.mappings, in: &catalog,
                records: &records)
            if !definition.aliases.isEmpty {
                for (alias, aliasDefinition) in definition.aliases {
                    catalog.aliases[alias, default: [:]][name] = aliasDefinition.resolvingRouting
                }
                records.append(.aliases(catalog.aliases))
            }
            concrete = name
        } else {
            throw ElasticsearchError.indexNotFound(name)
        }
        guard var state = catalog.indices[concrete] else { throw ElasticsearchError.indexNotFound(name) }
        catalog.indices[concrete] = nil  // keeps the index's storage uniquely referenced while it changes
        defer { catalog.indices[concrete] = state }
        switch operation {
        case .index(_, let id, let document):
            return try store(document, id: id, create: false, in: &state, records: &records)
        case .create(_, let id, let document):
            return try store(document, id: id, create: true, in: &state, records: &records)
        case .update(_, let id, let update):
            return try applyUpdate(
                update, id: id, detectNoop: detectNoop,
                allowedScripts: catalog.clusterSetting("script.allowed_types"), in: &state, records: &records)
        case .delete(_, let id):
            return try delete(id, in: &state, records: &records)
        }
    }

    private func delete(_ id: String, in state: inout IndexState, records: inout [JournalRecord]) throws
        -> WriteOutcome
    {
        try Self.validateID(id)
        let existing = state.writer.entry(id)
        let version = (existing?.version ?? 0) + 1
        let seqNo = state.nextSeqNo
        state.nextSeqNo += 1
        state.writer.delete(id: id, version: version, seqNo: seqNo)
        state.markWritten()
        records.append(.delete(index: state.name, id: id, version: version, seqNo: seqNo))
        let found = existing?.doc != nil
        compactIfNeeded(&state)
        return WriteOutcome(
            index: state.name, id: id, version: version, seqNo: seqNo, result: found ? .deleted : .notFound,
            shards: state.writeShards, status: found ? 200 : 404)
    }

    private func store(
        _ document: JSONValue, id: String?, create: Bool, in state: inout IndexState,
        records: inout [JournalRecord]
    ) throws -> WriteOutcome {
        let id = id ?? Self.randomIdentifier(length: 20)
        if id.isEmpty {
            // Index and create requests refuse an empty id while routing it, not in validation.
            throw ElasticsearchError.illegalArgument("if _id is specified it must not be empty")
        }
        try Self.validateID(id)
        let existing = state.writer.entry(id)
        if create, let existing, existing.doc != nil {
            var conflict = ElasticsearchError.documentAlreadyExists(
                index: state.name, id: id, version: existing.version)
            conflict.cause.metadata["index_uuid"] = .string(state.identity.uuid)
            conflict.cause.metadata["shard"] = "0"
            throw conflict
        }
        let parsed = try DocumentParser.parse(document, id: id, index: state)
        if let updated = parsed.updatedMapping {
            state.setMapping(updated)
            records.append(.mapping(index: state.name, mapping: updated))
        }
        let version = (existing?.version ?? 0) + 1
        let seqNo = state.nextSeqNo
        state.nextSeqNo += 1
        let source = SourceWriter.normalized(document)
        state.writer.put(id: id, source: source, document: parsed.document, version: version, seqNo: seqNo)
        state.markWritten()
        records.append(.put(index: state.name, id: id, version: version, seqNo: seqNo, source: source))
        let replaced = existing?.doc != nil
        compactIfNeeded(&state)
        return WriteOutcome(
            index: state.name, id: id, version: version, seqNo: seqNo, result: replaced ? .updated : .created,
            shards: state.writeShards, status: replaced ? 200 : 201)
    }

    private func applyUpdate(
        _ update: DocumentUpdate, id: String, detectNoop: Bool, allowedScripts: JSONValue?,
        in state: inout IndexState, records: inout [JournalRecord]
    ) throws -> WriteOutcome {
        try Self.validateID(id)
        if let script = update.script {
            return try applyScriptedUpdate(
                script, update: update, id: id, allowedScripts: allowedScripts, in: &state, records: &records)
        }
        guard let current = state.writer.document(id) else {
            if let upsert = update.upsert {
                return try store(upsert, id: id, create: false, in: &state, records: &records)
            }
            if update.docAsUpsert == true, let doc = update.doc {
                return try store(doc, id: id, create: false, in: &state, records: &records)
            }
            throw ElasticsearchError.documentMissing(index: state.name, id: id)
        }
        let existing = current.source
        let merged = update.doc.map { existing.merging($0) } ?? existing
        if detectNoop && merged == existing {
            return WriteOutcome(
                index: state.name, id: id, version: current.version, seqNo: current.seqNo, result: .noop,
                shards: ShardStatistics(total: 0, successful: 0, failed: 0), status: 200)
        }
        var outcome = try store(merged, id: id, create: false, in: &state, records: &records)
        outcome.status = 200
        return outcome
    }

    /// Rejects ids Elasticsearch rejects.
    static func validateID(_ id: String) throws {
        if id.utf8.count > 512 {
            throw ElasticsearchError.validation([
                "id [\(id)] is too long, must be no longer than 512 bytes but was: \(id.utf8.count)"
            ])
        }
        if id.isEmpty {
            throw ElasticsearchError.validation(["if _id is specified it must not be empty"])
        }
    }
}

extension Engine {
    /// Whether `script.allowed_types` (a cluster setting: `inline`, `stored`, both, or `none`)
    /// lets a script of `type` run; every type runs when it is not set, as on a default node.
    static func checkScriptAllowed(_ type: String, setting: JSONValue?) throws {
        guard let setting else { return }
        let allowed: [String] =
            setting.arrayValue?.compactMap(\.stringValue)
            ?? (setting.stringValue ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        if !allowed.contains(type) {
            throw ElasticsearchError.illegalArgument("cannot execute [\(type)] scripts")
        }
    }

    /// An update by script: `ctx._source` (and `ctx.op`, `ctx._id`, `ctx._index`,
    /// `ctx._version`, `ctx._now`) changed by the script; `ctx.op = 'noop'` changes nothing,
    /// `'delete'` deletes. A missing document takes `upsert`, run through the script when
    /// `scripted_upsert` is set.
    ///
    /// - Throws: `illegal_argument_exception` "failed to execute script" around the script's
    ///   `script_exception`, as Elasticsearch answers an update whose script fails.
    fileprivate func applyScriptedUpdate(
        _ script: Script, update: DocumentUpdate, id: String, allowedScripts: JSONValue?,
        in state: inout IndexState,
        records: inout [JournalRecord]
    ) throws -> WriteOutcome {
        try Self.checkScriptAllowed(script.type, setting: allowedScripts)
        let current = state.writer.document(id)
        if current == nil, !update.scriptedUpsert {
            guard let upsert = update.upsert else {
                throw ElasticsearchError.documentMissing(index: state.name, id: id)
            }
            return try store(upsert, id: id, create: false, in: &state, records: &records)
        }
        guard let source = current?.source ?? update.upsert else {
            throw ElasticsearchError.documentMissing(index: state.name, id: id)
        }
        let compiled: PainlessScript
        do {
            compiled = try PainlessScript(script)
        } catch let error as ElasticsearchError where error.type == "script_exception" {
            throw Self.failedToExecute(error)
        }
        let initialOp = current == nil ? "create" : "index"
        var context: [String: PainlessValue] = [
            "_source": PainlessValue(source), "op": .string(initialOp), "_id": .string(id),
            "_index": .string(state.name), "_now": .int(Int64(clock.nowMillis)), "_routing": .null,
        ]
        if let current { context["_version"] = .int(Int64(current.version)) }
        let ctx = PainlessMap(context, order: context.keys.sorted())
        do {
            _ = try compiled.run(["ctx": .map(ctx)])
        } catch let error as ElasticsearchError {
            throw Self.failedToExecute(error)
        }
        let op = ctx["op"].map(PainlessMethods.text) ?? initialOp
        switch op {
        case "noop", "none":
            return WriteOutcome(
                index: state.name, id: id, version: current?.version ?? 0, seqNo: current?.seqNo ?? -1,
                result: .noop,
                shards: ShardStatistics(total: 0, successful: 0, failed: 0), status: 200)
        case "delete" where current != nil:
            return try delete(id, in: &state, records: &records)
        case "index" where current != nil, "create" where current == nil:
            guard case .map = ctx["_source"] ?? .null, let changed = ctx["_source"]?.json else {
                throw ElasticsearchError.illegalArgument("ctx._source must stay a map")
            }
            var outcome = try store(changed, id: id, create: false, in: &state, records: &records)
            if current != nil { outcome.status = 200 }
            return outcome
        default:
            let allowed = current == nil ? "[create, noop]" : "[noop, index, delete]"
            throw ElasticsearchError.illegalArgument(
                "Operation type [\(op)] not allowed, only \(allowed) are allowed")
        }
    }

    /// `illegal_argument_exception` "failed to execute script" caused by the script's error.
    static func failedToExecute(_ error: ElasticsearchError) -> ElasticsearchError {
        ElasticsearchError(
            cause: ErrorCause(
                type: "illegal_argument_exception", reason: "failed to execute script", causedBy: error.cause),
            status: 400)
    }
}
