import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shared set-up for indexer tests: a fixture database and frozen clocks.
enum IndexerFixture {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// A clock frozen `minutes` after ``start``.
    static func clock(minutes: Int = 0) -> WallClock {
        .frozen(at: start.addingTimeInterval(Double(minutes) * 60))
    }

    /// Reference data, `movies` movies, a promo, a sports event and a query row.
    static func database(in directory: URL, movies: Int = 12) throws -> String {
        try CMSFixture.database(
            in: directory,
            sql: CMSFixture.moviesSQL(count: movies) + """
                INSERT INTO marketing_promos (uuid, title, promo_type, starts_at, ends_at, priority) VALUES
                    ('promo-1', 'Watch now', 'call_to_action', '2024-01-01T00:00:00Z', '2030-01-01T00:00:00Z', 5);
                INSERT INTO marketing_promo_territories (promo_uuid, territory_code) VALUES ('promo-1', 'KE');
                INSERT INTO sports_events (uuid, sport, competition, starts_at, ends_at) VALUES
                    ('event-1', 'football', 'Cup', '2026-03-01T15:00:00Z', '2026-03-01T17:00:00Z');
                INSERT INTO sports_event_teams (event_uuid, position, team) VALUES ('event-1', 0, 'A'), ('event-1', 1, 'B');

                """ + CMSFixture.rowSQL("row-1"))
    }

    /// ``database(in:movies:)``'s rows, on any database.
    static func sql(movies: Int = 12) -> String {
        CMSFixture.moviesSQL(count: movies) + """
            INSERT INTO marketing_promos (uuid, title, promo_type, starts_at, ends_at, priority) VALUES
                ('promo-1', 'Watch now', 'call_to_action', '2024-01-01T00:00:00Z', '2030-01-01T00:00:00Z', 5);
            INSERT INTO marketing_promo_territories (promo_uuid, territory_code) VALUES ('promo-1', 'KE');
            INSERT INTO sports_events (uuid, sport, competition, starts_at, ends_at) VALUES
                ('event-1', 'football', 'Cup', '2026-03-01T15:00:00Z', '2026-03-01T17:00:00Z');
            INSERT INTO sports_event_teams (event_uuid, position, team) VALUES ('event-1', 0, 'A'), ('event-1', 1, 'B');

            """ + CMSFixture.rowSQL("row-1")
    }

    /// A configuration for `location`.
    static func configuration(
        _ location: CMSDatabaseLocation, clock: WallClock = clock(), batchSize: Int = 5,
        indices: [IndexName] = CMSIndices.names
    ) -> IndexerConfiguration {
        IndexerConfiguration(database: location, indices: indices, batchSize: batchSize, clock: clock)
    }

    static func indexer(
        _ backend: any SearchBackend, path: String, clock: WallClock = clock(), batchSize: Int = 5,
        indices: [IndexName] = CMSIndices.names, definitions: [IndexName: IndexDefinition] = CMSIndices.all,
        retain: Int = 2, progress: any IndexingProgress = SilentProgress()
    ) -> Indexer {
        Indexer(
            backend: backend,
            configuration: IndexerConfiguration(
                databasePath: path, indices: indices, definitions: definitions, batchSize: batchSize,
                retain: retain,
                clock: clock),
            progress: progress)
    }

    /// Opens the durable engine in `directory` that a command or a process just closed.
    ///
    /// Its lock (`flock`) belongs to the open file, which a child process forked by a parallel
    /// test at that moment shares until it runs its program (the descriptor is close-on-exec),
    /// so for a moment the directory can still look in use: that is waited out by asking the
    /// kernel for the same lock and blocking until it is free, not by sleeping and looking again.
    static func reopen(_ directory: URL) async throws -> EmbeddedSearchBackend {
        var attempts = 0
        while true {
            do {
                return try EmbeddedSearchBackend(
                    configuration: .init(dataDirectory: directory, clock: clock()))
            } catch let error where "\(error)".contains("is in use by another es-embedded engine") {
                // Each attempt waits for a release; only a run of forks could need many.
                attempts += 1
                guard attempts < 100 else { throw error }
                await waitForLockRelease(directory.appendingPathComponent("LOCK").path)
            }
        }
    }

    /// Returns once nobody holds the `flock` on `path`: a blocking lock taken on a thread of its
    /// own (the kernel wakes it when the last copy of the holder's descriptor is closed), then
    /// given back at once.
    private static func waitForLockRelease(_ path: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
                    close(descriptor)
                }
                continuation.resume()
            }
        }
    }

    /// The concrete indices whose names start with `prefix`, sorted.
    static func concreteIndices(_ backend: any SearchBackend, _ alias: String) async throws -> [String] {
        try await backend.getAlias(name: nil, index: "\(alias)-*").indices.keys.sorted()
    }

    static func count(_ backend: any SearchBackend, _ index: String) async throws -> Int {
        _ = try await backend.refresh(index)
        return try await backend.count(index, request: CountRequest()).count
    }
}

/// Collects progress events (thread-safe), to check what a run reported.
final class CollectedProgress: IndexingProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [IndexingEvent] = []

    func report(_ event: IndexingEvent) {
        lock.lock()
        collected.append(event)
        lock.unlock()
    }

    var events: [IndexingEvent] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
