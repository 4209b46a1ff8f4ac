import ESModels
import Foundation

/// The embedded search engine as a `SearchBackend`: Elasticsearch's semantics for
/// our subset, in-process, in memory or durable in a data directory.
///
/// Mappings are enforced as Elasticsearch enforces them (`dynamic`, inferred types, coercion,
/// Elasticsearch's errors); `text` fields are analysed; queries, sorting, paging, total hits,
/// `_source` filtering, aliases and bulk behave as Elasticsearch documents them. Searches see
/// documents after a refresh (`refresh: .immediate` on a write, ``refresh(_:)``, or the
/// index's `refresh_interval`, 1 s by default, when a search comes); get-by-id is real-time.
///
/// Safe for concurrent readers and writers: writes are serialised per engine, searches run on
/// refreshed snapshots in parallel.
///
/// ```swift
/// let backend = EmbeddedSearchBackend(clock: .system)                       // in memory
/// let durable = try EmbeddedSearchBackend(configuration: .init(dataDirectory: url, clock: .system))
/// _ = try await backend.createIndex("territories-v1", definition: definition)
/// _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
/// let response = try await backend.search("territories-v1", request: SearchRequest(query: .matchAll))
/// ```
public final class EmbeddedSearchBackend: SearchBackend {
    let engine: Engine
    /// The configuration the engine runs with.
    public let configuration: EmbeddedSearchConfiguration
    /// What opening the data directory read and found (empty in memory).
    public let recovery: RecoveryReport

    /// Creates an engine: in memory without a data directory (cheap: meant to be made per
    /// test), otherwise recovered from the directory's snapshot and write-ahead log.
    ///
    /// - Throws: ``EmbeddedEngineError`` when the data directory cannot be used.
    public init(configuration: EmbeddedSearchConfiguration) throws {
        self.configuration = configuration
        guard let directory = configuration.dataDirectory else {
            engine = Engine(
                clock: configuration.clock, autoCreateIndex: configuration.autoCreateIndex, journal: nil,
                recovered: nil)
            recovery = RecoveryReport()
            return
        }
        var catalog = Catalog()
        var restorer = SnapshotRestorer()
        var unapplied = 0
        var (journal, report) = try Journal.open(
            directory: directory.path, checkpointBytes: configuration.checkpointBytes,
            checkpointInterval: configuration.checkpointInterval, log: configuration.log,
            warn: configuration.warn
        ) { event in
            switch event {
            case .record(let record):
                if !restorer.take(record) { try catalog.replay(record, monotonicMillis: 0) }
            case .indexFailed(let name):
                catalog.indices[name] = nil
                restorer.drop(name)
            case .snapshotLoaded(let images):
                unapplied += restorer.finish(images: images, into: &catalog)
            }
        }
        report.restoredIndexImages = restorer.restored
        if !restorer.mismatched.isEmpty {
            configuration.warn(
                "es-embedded: warning: the index images of "
                    + restorer.mismatched.map { "'\($0)'" }.joined(separator: ", ")
                    + " do not match the snapshot's documents; those were indexed again")
        }
        if unapplied > 0 {
            configuration.warn(
                "es-embedded: warning: \(unapplied) snapshot records could not be applied; skipped")
        }
        catalog.failed = report.failedIndices
        catalog.refreshAll(monotonicMillis: 0)
        FreedMemory.returnToSystem()
        recovery = report
        configuration.log("es-embedded: '\(directory.path)' \(report.summary)")
        engine = Engine(
            clock: configuration.clock, autoCreateIndex: configuration.autoCreateIndex, journal: journal,
            recovered: catalog)
        engine.checkpointAfterRecovery(report, log: configuration.log)
    }

    /// The indices an expression reaches (all when `nil`) that are not served because their
    /// records are damaged, with the reason and the repair command.
    public func failedIndices(_ expression: String? = nil) -> [IndexFailure] {
        engine.failures(expression)
    }

    /// An in-memory engine with a given clock (the usual test set-up).
    public convenience init(clock: WallClock) {
        // An in-memory engine cannot fail to open.
        do {
            try self.init(configuration: EmbeddedSearchConfiguration(clock: clock))
        } catch {
            preconditionFailure("an in-memory engine cannot fail to open: \(error)")
        }
    }

    /// Writes a final snapshot and releases the data directory (a no-op in memory). The
    /// backend must not be used afterwards.
    public func close() throws {
        try engine.close()
    }

    /// Creates an index, with Elasticsearch's checks of its name, settings and mapping.
    public func createIndex(_ index: String, definition: IndexDefinition) async throws -> CreateIndexResponse
    {
        try await durably { [engine] in try engine.createIndex(index, definition: definition) }
    }

    /// Deletes indices named exactly (wildcards and aliases are refused, as in Elasticsearch 8).
    public func deleteIndex(_ index: String) async throws -> AcknowledgedResponse {
        try await durably { [engine] in try engine.deleteIndex(index) }
    }

    /// Whether an index or alias exists.
    public func indexExists(_ index: String) async throws -> Bool {
        await Task.yield()
        return try engine.indexExists(index)
    }

    /// The mappings of the indices an expression names.
    public func getMapping(_ index: String) async throws -> GetMappingResponse {
        try await getMapping(index, options: IndicesOptions())
    }

    /// The mappings of the indices an expression names, with `ignore_unavailable` and
    /// `allow_no_indices` as `options` say.
    public func getMapping(_ index: String, options: IndicesOptions) async throws -> GetMappingResponse {
        await Task.yield()
        return try engine.getMapping(index, options: options)
    }

    /// Adds fields and updatable parameters; refuses type changes.
    public func putMapping(_ index: String, mapping: Mapping) async throws -> AcknowledgedResponse {
        try await durably { [engine] in try engine.putMapping(index, mapping: mapping) }
    }

    /// Indexes one document (creating the index when missing); searchable after a refresh.
    public func index(_ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy) async throws
        -> IndexResponse
    {
        try await durably { [engine] in try engine.index(index, id: id, document: document, refresh: refresh)
        }
    }

    /// Gets a document by id, in real time (refreshed or not).
    public func getDocument(_ index: String, id: String) async throws -> GetDocumentResponse {
        await Task.yield()
        return try engine.getDocument(index, id: id)
    }

    /// ``getDocument(_:id:)`` with the document's `_source` as the compact JSON text its index
    /// stored (`nil` when it is not found), which the REST facade answers as it is.
    package func storedDocument(_ index: String, id: String) throws
        -> (response: GetDocumentResponse, sourceText: [UInt8]?)
    {
        try engine.storedDocument(index, id: id)
    }

    /// Runs many writes; each item gets its own result or error.
    public func bulk(_ request: BulkRequest) async throws -> BulkResponse {
        try await durably { [engine] in try engine.bulk(request) }
    }

    /// Searches the refreshed documents of the indices an expression names.
    public func search(_ index: String, request: SearchRequest) async throws -> SearchResponse {
        await Task.yield()
        return try engine.search(index, request: request)
    }

    /// Counts the refreshed documents a query matches.
    public func count(_ index: String, request: CountRequest) async throws -> CountResponse {
        await Task.yield()
        return try engine.count(index, request: request)
    }

    /// Applies alias actions atomically.
    public func updateAliases(_ request: UpdateAliasesRequest) async throws -> AcknowledgedResponse {
        try await durably { [engine] in try engine.updateAliases(request) }
    }

    /// The aliases named `name` on the indices `index` names; nothing found is an empty response.
    public func getAlias(name: String?, index: String?) async throws -> GetAliasResponse {
        await Task.yield()
        return try engine.aliasInfo(name: name, index: index).response
    }

    /// Makes recent writes searchable.
    public func refresh(_ index: String?) async throws -> RefreshResponse {
        await Task.yield()
        return try engine.refresh(index)
    }

    /// Runs a write of this engine: in memory on the calling task, after letting the tasks that
    /// wait for a thread run first; on `BlockingWorkThreads` when the engine is durable, since
    /// its write-ahead log is synced (`fdatasync`) before it returns, and a task must not wait
    /// for the disk on one of Swift's few cooperative threads.
    ///
    /// Every `async` call of this backend suspends once so: the engine's work is synchronous, and
    /// a task making many calls in a row (seeding an index, a loop of searches) would otherwise
    /// hold one of the cooperative threads (two on a two-core machine) for all of them, while a
    /// server's accept loop and connections in the same process wait behind it.
    public func durably<Value: Sendable>(_ write: @escaping @Sendable () throws -> Value) async throws
        -> Value
    {
        guard engine.isDurable else {
            await Task.yield()
            return try write()
        }
        return try await BlockingWorkThreads.shared.run(write)
    }
}
