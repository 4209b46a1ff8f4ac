import ESModels
import Foundation

/// Keeps the live indices fresh: applies the changes the outbox recorded after the position each
/// live index records, re-denormalizing only the documents that changed.
///
/// Each page of changes is written to the index each alias points at (upserts, and deletes for
/// documents whose rows are gone) in bulk; the store refreshes it, and only then is the new
/// position recorded. A crash at any point therefore replays changes rather than losing them, and
/// replaying is harmless: a document is written whole, under its id, from the rows as they are.
///
/// ```swift
/// let incremental = try IncrementalIndexer(backend: backend, configuration: configuration)
/// let report = try await incremental.catchUp()      // everything committed so far
/// ```
public final class IncrementalIndexer {
    /// The search store.
    public let backend: any SearchBackend
    /// The database, indices, batch size and clock.
    public let configuration: IndexerConfiguration
    private let progress: any IndexingProgress
    private let db: any CMSConnection
    private let feed: ChangeFeed
    private var lookups: [IndexName: DocumentLookup] = [:]
    /// The store's lease the run holds, if any: once another indexer took it over, no page is
    /// written and no position recorded.
    private let lease: StoreLease?
    /// Outbox rows read per page (four bulk requests' worth): a position is recorded per page.
    public var pageSize: Int

    /// Opens the database for reading.
    public convenience init(
        backend: any SearchBackend, configuration: IndexerConfiguration,
        progress: any IndexingProgress = SilentProgress(), lease: StoreLease? = nil
    ) throws {
        try self.init(
            backend: backend, configuration: configuration,
            db: CMSDatabase.openForReading(configuration.database),
            progress: progress, lease: lease)
    }

    /// Uses an open connection (a full rebuild's, for its catch-up).
    init(
        backend: any SearchBackend, configuration: IndexerConfiguration, db: any CMSConnection,
        progress: any IndexingProgress, lease: StoreLease? = nil
    ) throws {
        self.backend = backend
        self.lease = lease
        self.configuration = configuration
        self.progress = progress
        self.db = db
        pageSize = max(1, configuration.batchSize) * 4
        feed = try ChangeFeed(db: db)
    }

    /// The connection (for `watch` to listen on).
    var connection: any CMSConnection { db }

    /// Applies every change committed so far to the live indices.
    ///
    /// - Throws: ``IncrementalError`` before writing anything when an alias has no live index
    ///   with a position; store errors (nothing recorded for the page that failed);
    ///   ``StoreLeaseError/lost(generation:)`` when another indexer took the lease over.
    public func catchUp() async throws -> IncrementalReport {
        var live: [IndexName: String] = [:]
        for index in configuration.indices {
            let targets: [String]
            do {
                targets = try await backend.indices(forAlias: index.rawValue)
            } catch let error as ElasticsearchError where error.status == 404 {
                targets = []
            }
            guard targets.count == 1, let target = targets.first else {
                throw IncrementalError.noLiveIndex(alias: index.rawValue, targets: targets)
            }
            live[index] = target
        }
        return try await apply(to: live)
    }

    /// Applies every change after each index's recorded position to the given concrete indices
    /// (the live ones, or a rebuild's new ones before the switch).
    func apply(to targets: [IndexName: String]) async throws -> IncrementalReport {
        var positions: [IndexName: Int64] = [:]
        for (index, target) in targets {
            guard let position = try await IndexerState.position(of: target, in: backend) else {
                throw IncrementalError.noPosition(alias: index.rawValue, index: target)
            }
            positions[index] = position
        }
        var report = IncrementalReport()
        guard var cursor = positions.values.min() else { return report }
        while true {
            try Task.checkCancellation()
            let page = try feed.changes(after: cursor, limit: pageSize)
            guard let end = page.last?.position else { break }
            try await lease?.confirmHeld()
            var pass = try await applyPage(page, to: targets, positions: positions)
            try await lease?.confirmHeld()
            for (index, target) in targets where positions[index, default: 0] < end {
                try await IndexerState.record(
                    position: end, of: target, alias: index.rawValue, in: backend, clock: configuration.clock)
                positions[index] = end
            }
            pass.positions = Dictionary(uniqueKeysWithValues: positions.map { ($0.key.rawValue, $0.value) })
            report.add(pass)
            progress.report(
                .applied(
                    changes: pass.changes, upserted: pass.upserted, deleted: pass.deleted,
                    failed: pass.errors.count,
                    position: end))
            cursor = end
            if page.count < pageSize { break }
        }
        return report
    }

    /// Writes the documents one page of changes names, and refreshes what it wrote.
    private func applyPage(
        _ page: [Change], to targets: [IndexName: String], positions: [IndexName: Int64]
    ) async throws -> IncrementalReport {
        var report = IncrementalReport()
        var keys: [IndexName: [String]] = [:]
        var seen: Set<String> = []
        for change in page {
            guard let index = change.index, targets[index] != nil,
                change.position > positions[index, default: 0]
            else { continue }
            report.changes += 1
            if seen.insert("\(index.rawValue)\u{0}\(change.key)").inserted {
                keys[index, default: []].append(change.key)
            }
            if let date = ISODate.date(from: change.changedAt) {
                report.newestChange = max(report.newestChange ?? date, date)
            }
        }
        var touched: [String] = []
        for index in CMSIndices.names {
            guard let ids = keys[index], let target = targets[index] else { continue }
            let lookup = try self.lookup(index)
            for start in stride(from: 0, to: ids.count, by: max(1, configuration.batchSize)) {
                let chunk = Array(ids[start..<min(ids.count, start + max(1, configuration.batchSize))])
                let built = try lookup.documents(chunk)
                report.rowsRead += built.rowsRead
                report.errors += built.errors
                let operations =
                    built.documents.map { BulkOperation.index(index: target, id: $0.id, document: $0.source) }
                    + built.missing.map { BulkOperation.delete(index: target, id: $0) }
                guard !operations.isEmpty else { continue }
                let response = try await backend.bulk(BulkRequest(operations))
                for item in response.items {
                    if item.action == .delete, item.status == 404 || item.result == .notFound {
                        report.deleted += 1
                    } else if let cause = item.error {
                        report.errors.append(
                            DocumentError(
                                index: index.rawValue, id: item.id ?? "(no id)",
                                reasons: ["rejected by the search store: \(cause.type): \(cause.reason)"]))
                    } else if item.action == .delete {
                        report.deleted += 1
                    } else {
                        report.upserted += 1
                    }
                }
            }
            touched.append(target)
        }
        if !touched.isEmpty { _ = try await backend.refresh(touched.joined(separator: ",")) }
        return report
    }

    private func lookup(_ index: IndexName) throws -> DocumentLookup {
        if let lookup = lookups[index] { return lookup }
        let lookup = try DocumentLookup.make(for: index, db: db)
        lookups[index] = lookup
        return lookup
    }
}
