import CLIKit
import CMSIndexer
import CMSIndexerDemo
import ESModels
import Foundation
import PostgresKitTesting

/// The CMS database a benchmark run reads.
public enum BenchmarkDatabase: String, Sendable, CaseIterable {
    /// A SQLite file in a temporary directory.
    case sqlite
    /// A database on a throwaway PostgreSQL server started for the run (``TemporaryPostgresServer``).
    case postgres
}

/// The indexing benchmark: writes a demo database of N assets (SQLite or PostgreSQL), then
/// measures (1) reading and denormalizing every document with no store, whose peak memory shows
/// the reading is streamed, (2) a full indexing run into the embedded engine, and (3) the
/// incremental path on that engine: a burst of changed assets, and the time from a committed
/// `UPDATE` to its new title being searchable while a ``ChangeWatcher`` runs.
public struct IndexingBenchmark: Sendable {
    /// How many assets the demo database holds.
    public var assets: Int
    /// Documents per batch.
    public var batchSize: Int
    /// Where the lines go.
    public var output: TextOutput
    /// Whether to run the phases that index into the engine (the incremental ones included).
    public var includeEngine: Bool
    /// The database to read.
    public var database: BenchmarkDatabase
    /// Assets changed by one statement for the burst phase (0: no burst).
    public var burst: Int
    /// Single-title updates timed from commit to searchable (0: none).
    public var samples: Int
    /// When set, only the additive definition change is measured, this many rounds.
    public var additiveRounds: Int?

    /// Creates a benchmark.
    public init(
        assets: Int, batchSize: Int, includeEngine: Bool = true, database: BenchmarkDatabase = .sqlite,
        burst: Int = 10_000, samples: Int = 20, additiveRounds: Int? = nil, output: TextOutput
    ) {
        self.additiveRounds = additiveRounds
        self.includeEngine = includeEngine
        self.assets = assets
        self.batchSize = batchSize
        self.database = database
        self.burst = burst
        self.samples = samples
        self.output = output
    }

    /// Runs every phase and prints its figures.
    public func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cms-indexer-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        switch database {
        case .sqlite:
            try await run(
                on: .sqlite(path: directory.appendingPathComponent("cms.sqlite").path), directory: directory)
        case .postgres:
            let server = try await TemporaryPostgresServer.start()
            line("PostgreSQL: a throwaway server on 127.0.0.1:\(server.port) (fsync off)")
            do {
                let url = try server.createDatabase()
                try await run(on: CMSDatabaseLocation(url), directory: directory)
                try await server.stop()
            } catch {
                try? await server.stop()
                throw error
            }
        }
    }

    private func run(on location: CMSDatabaseLocation, directory: URL) async throws {
        let anchor = Date(timeIntervalSince1970: 1_780_000_000)
        var started = ContinuousClock.now
        let summary = try DemoDatabase.write(
            into: location, options: DemoDatabaseOptions(assets: assets, seed: 1, anchor: anchor))
        var seconds = Self.seconds(since: started)
        line(
            "demo database (\(database.rawValue)): \(assets) assets, \(summary.totalRows) rows in \(format(seconds)) s (\(rate(summary.totalRows, seconds)) rows/s written)"
        )

        if let additiveRounds {
            try await measureAdditiveChange(location, rounds: additiveRounds)
            return
        }
        ProcessMemory.resetPeak()
        let baseline = ProcessMemory.resident
        started = ContinuousClock.now
        var rows = 0
        var documents = 0
        let db = try CMSDatabase.openForReading(location)
        let statementsBefore = db.statementsRun
        for index in CMSIndices.names {
            let source = try DocumentSource.make(for: index, db: db, batchSize: batchSize)
            while let batch = try source.next() {
                rows += batch.rowsRead
                documents += batch.documents.count
                _ =
                    BulkRequest(
                        batch.documents.map { .index(index: "bench", id: $0.id, document: $0.source) }
                    ).ndjson
            }
        }
        seconds = Self.seconds(since: started)
        let statements = db.statementsRun - statementsBefore
        let trips = database == .postgres ? "server round trips" : "statements run"
        line(
            "read + denormalize + encode (no store): \(rows) rows, \(documents) documents in \(format(seconds)) s: \(rate(rows, seconds)) rows/s, \(rate(documents, seconds)) docs/s; \(statements) \(trips); resident before \(ProcessMemory.format(baseline)), peak \(ProcessMemory.format(ProcessMemory.peak))"
        )

        if includeEngine { try await indexIntoEngine(location, directory: directory, anchor: anchor) }
    }

    func line(_ text: String) {
        output.write(text + "\n")
    }

    func format(_ seconds: Double) -> String { String(format: "%.2f", seconds) }

    func rate(_ count: Int, _ seconds: Double) -> String {
        String(format: "%.0f", Double(count) / max(seconds, 0.000_001))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        seconds(ContinuousClock.now - start)
    }

    static func seconds(_ elapsed: Duration) -> Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
