import CLIKit
import CMSIndexer
import ESModels
import Foundation

/// The indexing benchmark: writes a demo database of N assets, then measures (1) reading and
/// denormalizing every document with no store, whose peak memory shows the reading is
/// streamed, and (2) a full indexing run into the embedded engine.
public struct IndexingBenchmark: Sendable {
    /// How many assets the demo database holds.
    public var assets: Int
    /// Documents per batch.
    public var batchSize: Int
    /// Where the lines go.
    public var output: TextOutput
    /// Whether to run the phases that index into the engine.
    public var includeEngine: Bool

    /// Creates a benchmark.
    public init(assets: Int, batchSize: Int, includeEngine: Bool = true, output: TextOutput) {
        self.includeEngine = includeEngine
        self.assets = assets
        self.batchSize = batchSize
        self.output = output
    }

    /// Runs every phase and prints its figures.
    public func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cms-indexer-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cms.sqlite").path
        let anchor = Date(timeIntervalSince1970: 1_780_000_000)

        var started = ContinuousClock.now
        let summary = try DemoDatabase.write(
            to: path, options: DemoDatabaseOptions(assets: assets, seed: 1, anchor: anchor))
        var seconds = Self.seconds(since: started)
        line(
            "demo database: \(assets) assets, \(summary.totalRows) rows in \(format(seconds)) s (\(rate(summary.totalRows, seconds)) rows/s written)"
        )

        ProcessMemory.resetPeak()
        let baseline = ProcessMemory.resident
        started = ContinuousClock.now
        var rows = 0
        var documents = 0
        let db = try CMSDatabase.openForReading(path: path)
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
        line(
            "read + denormalize + encode (no store): \(rows) rows, \(documents) documents in \(format(seconds)) s: \(rate(rows, seconds)) rows/s, \(rate(documents, seconds)) docs/s; resident before \(ProcessMemory.format(baseline)), peak \(ProcessMemory.format(ProcessMemory.peak))"
        )

        if includeEngine { try await indexIntoEngine(path: path, anchor: anchor) }
    }

    func line(_ text: String) {
        output.write(text + "\n")
    }

    func format(_ seconds: Double) -> String { String(format: "%.2f", seconds) }

    func rate(_ count: Int, _ seconds: Double) -> String {
        String(format: "%.0f", Double(count) / max(seconds, 0.000_001))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
