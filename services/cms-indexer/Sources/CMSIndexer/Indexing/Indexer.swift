import ESModels
import Foundation

/// Fills the search indices from the CMS database, safely.
///
/// For each index it creates a new versioned concrete index (`assetflat-<version>`), streams
/// the denormalized documents into it in bulk batches, and verifies the count. Only when
/// every index is complete and no document failed does it move every alias at once, in one
/// atomic update-aliases call, then deletes old versions beyond the retention count. A failed
/// or interrupted run deletes what it built and leaves the aliases where they were, so the
/// services never read a half-built index.
///
/// ```swift
/// let indexer = Indexer(
///     backend: backend, configuration: IndexerConfiguration(databasePath: "cms.sqlite"),
///     progress: ProgressPrinter(stream: context.errors))
/// let report = try await indexer.run()
/// print(report.text)   // report.succeeded tells whether the aliases moved
/// ```
public struct Indexer: Sendable {
    /// The search store.
    public var backend: any SearchBackend
    /// What to index and how.
    public var configuration: IndexerConfiguration
    /// Where progress goes.
    public var progress: any IndexingProgress
    /// The store's lease this run holds, if any: when another indexer took it over, the run
    /// stops before it moves an alias.
    public var lease: StoreLease?

    /// Creates an indexer.
    public init(
        backend: any SearchBackend, configuration: IndexerConfiguration,
        progress: any IndexingProgress = SilentProgress(), lease: StoreLease? = nil
    ) {
        self.backend = backend
        self.configuration = configuration
        self.progress = progress
        self.lease = lease
    }

    /// Runs once.
    ///
    /// - Returns: the report; when documents failed, `succeeded` is false and the aliases did
    ///   not move.
    /// - Throws: database errors before anything is created, or ``IndexingError`` when the
    ///   store fails, the counts disagree or the run is cancelled (after cleaning up).
    public func run() async throws -> IndexingReport {
        let started = ContinuousClock.now
        let db = try CMSDatabase.openForReading(configuration.database)
        // Read before any document: every change after it is applied to the new indices, so
        // nothing committed while the run reads is lost (a change seen twice is written twice,
        // the same way).
        let startPosition = try ChangeFeed(db: db).latestPosition()
        var previous: [IndexName: [String]] = [:]
        var existing: [String] = []
        do {
            for index in configuration.indices {
                let alias = index.rawValue
                let targets = try await step("reading the alias '\(alias)'") { try await aliasTargets(alias) }
                if targets.isEmpty,
                    try await step("checking '\(alias)'", { try await backend.indexExists(alias) })
                {
                    throw IndexingError.aliasIsAnIndex(alias)
                }
                previous[index] = targets
                existing += try await step("listing the versions of '\(alias)'") {
                    try await versions(of: alias)
                }
                .map(\.version)
            }
        } catch {
            throw await failure(error, cleaningUp: [])
        }
        let version = IndexVersion.next(now: configuration.clock.now(), existing: existing)
        var created: [String] = []
        var results: [IndexingReport.IndexResult] = []
        var errors: [DocumentError] = []
        var caughtUp = IncrementalReport()
        do {
            for index in configuration.indices {
                try Task.checkCancellation()
                let name = index.concreteName(version: version)
                let definition = configuration.definitions[index] ?? CMSIndices.definition(for: index)
                _ = try await step("creating the index '\(name)'") {
                    try await backend.createIndex(name, definition: definition)
                }
                created.append(name)
                progress.report(.started(alias: index.rawValue, index: name))
                var (result, failures, _) = try await fill(name, from: index, db: db)
                result.previous = previous[index] ?? []
                results.append(result)
                errors += failures
                progress.report(
                    .finished(
                        alias: index.rawValue, index: name, documents: result.documents, failed: result.failed
                    ))
            }
            if !errors.isEmpty {
                let cleaned = await cleanUp(created)
                return IndexingReport(
                    version: version, results: results, errors: errors, switched: false, cleanedUp: cleaned,
                    seconds: Self.seconds(since: started), position: startPosition)
            }
            try await verifyCounts(results)
            try Task.checkCancellation()
            caughtUp = try await catchUp(results, from: startPosition, db: db)
            if !caughtUp.errors.isEmpty {
                let cleaned = await cleanUp(created)
                return IndexingReport(
                    version: version, results: results, errors: caughtUp.errors, switched: false,
                    cleanedUp: cleaned,
                    seconds: Self.seconds(since: started), position: startPosition, caughtUp: caughtUp)
            }
            try Task.checkCancellation()
            if let lease { try await step("confirming the indexer lease") { try await lease.confirmHeld() } }
            try await switchAliases(results)
        } catch {
            throw await failure(error, cleaningUp: created)
        }
        for position in results.indices {
            results[position].deleted = await applyRetention(
                alias: results[position].alias, live: results[position].index)
        }
        return IndexingReport(
            version: version, results: results, errors: [], switched: true, cleanedUp: [],
            seconds: Self.seconds(since: started), position: caughtUp.positions.values.max() ?? startPosition,
            caughtUp: caughtUp)
    }

    /// Writes again, into the concrete index `name` (a live one: no index is created and no
    /// alias moves), the documents of `index` that carry a value at one of the `_source`
    /// `paths`: the pass that gives existing documents the values of fields a put-mapping
    /// just added.
    ///
    /// - Returns: the documents written, and how many were built and skipped (no value at
    ///   any path).
    public func rewrite(_ index: IndexName, into name: String, carrying paths: [String]) async throws
        -> (result: IndexingReport.IndexResult, errors: [DocumentError], skipped: Int)
    {
        let db = try CMSDatabase.openForReading(configuration.database)
        let (result, errors, skipped) = try await fill(name, from: index, db: db) { source in
            paths.contains { Self.hasValue(source, at: $0.split(separator: ".").map(String.init)[...]) }
        }
        _ = try await step("refreshing '\(name)'") { try await backend.refresh(name) }
        return (result, errors, skipped)
    }

    /// Whether `_source` holds a non-null value at a dotted path (through arrays of objects).
    static func hasValue(_ value: JSONValue, at path: ArraySlice<String>) -> Bool {
        guard let first = path.first else {
            if case .null = value { return false }
            if case .array(let items) = value { return !items.isEmpty }
            return true
        }
        switch value {
        case .object(let members): return members[first].map { hasValue($0, at: path.dropFirst()) } ?? false
        case .array(let items): return items.contains { hasValue($0, at: path) }
        default: return false
        }
    }

    /// Streams one index's documents into `name`, overlapping each bulk call with the
    /// reading of the next batch; only the documents `keep` accepts are written.
    private func fill(
        _ name: String, from index: IndexName, db: any CMSConnection,
        keep: (JSONValue) -> Bool = { _ in true }
    ) async throws -> (IndexingReport.IndexResult, [DocumentError], skipped: Int) {
        let alias = index.rawValue
        let source = try DocumentSource.make(for: index, db: db, batchSize: configuration.batchSize)
        var result = IndexingReport.IndexResult(
            alias: alias, index: name, rowsRead: 0, documents: 0, failed: 0, previous: [], deleted: [])
        var errors: [DocumentError] = []
        var skipped = 0
        var next = try source.next()
        while let batch = next {
            try Task.checkCancellation()
            result.rowsRead += batch.rowsRead
            errors += batch.errors
            let documents = batch.documents.filter { keep($0.source) }
            skipped += batch.documents.count - documents.count
            if documents.isEmpty {
                next = try source.next()
            } else {
                let request = BulkRequest(
                    documents.map { BulkOperation.index(index: name, id: $0.id, document: $0.source) })
                async let answer = step("bulk indexing into '\(name)'") { try await backend.bulk(request) }
                next = try source.next()
                for item in try await answer.items {
                    if let cause = item.error {
                        errors.append(
                            DocumentError(
                                index: alias, id: item.id ?? "(no id)",
                                reasons: ["rejected by the search store: \(cause.type): \(cause.reason)"]))
                    } else {
                        result.documents += 1
                    }
                }
            }
            result.failed = errors.count
            progress.report(
                .progressed(
                    alias: alias, documents: result.documents, failed: result.failed, rows: result.rowsRead))
        }
        return (result, errors, skipped)
    }

    /// Records the start position for the new indices, then applies to them the changes committed
    /// since (made while the run read), so they are as fresh as the live ones when they go live.
    private func catchUp(_ results: [IndexingReport.IndexResult], from position: Int64, db: any CMSConnection)
        async throws -> IncrementalReport
    {
        var targets: [IndexName: String] = [:]
        for result in results {
            guard let index = IndexName(rawValue: result.alias) else { continue }
            targets[index] = result.index
            try await step("recording the change position of '\(result.index)'") {
                try await IndexerState.record(
                    position: position, of: result.index, alias: result.alias, in: backend,
                    clock: configuration.clock)
            }
        }
        let incremental = try IncrementalIndexer(
            backend: backend, configuration: configuration, db: db, progress: progress, lease: lease)
        return try await step("applying the changes made during the run") {
            try await incremental.apply(to: targets)
        }
    }

    /// Refreshes each new index and checks it holds exactly the documents indexed.
    private func verifyCounts(_ results: [IndexingReport.IndexResult]) async throws {
        for result in results {
            _ = try await step("refreshing '\(result.index)'") { try await backend.refresh(result.index) }
            let count = try await step("counting '\(result.index)'") {
                try await backend.count(result.index, request: CountRequest())
            }
            guard count.count == result.documents else {
                throw CountMismatch(index: result.index, expected: result.documents, found: count.count)
            }
        }
    }

    /// Moves every alias (and its completeness marker) in one atomic call.
    private func switchAliases(_ results: [IndexingReport.IndexResult]) async throws {
        var actions: [AliasAction] = []
        for result in results {
            actions.append(.add(index: result.index, alias: result.alias))
            actions.append(
                .add(index: result.index, alias: IndexerConfiguration.completeMarker(for: result.alias)))
            actions += result.previous.filter { $0 != result.index }.map {
                .remove(index: $0, alias: result.alias)
            }
        }
        _ = try await step("moving the aliases") {
            try await backend.updateAliases(UpdateAliasesRequest(actions))
        }
        progress.report(.switched(aliases: results.map(\.alias)))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
