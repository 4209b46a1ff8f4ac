import CLIKit
import CMSIndexer
import ESEmbedded
import ESModels
import Foundation

extension IndexingBenchmark {
    /// A full run (every index, alias switch included) into an in-memory embedded engine, then
    /// the incremental phases on that engine, then a full run into a durable one (write-ahead log
    /// and snapshot in a temporary directory).
    func indexIntoEngine(_ location: CMSDatabaseLocation, directory: URL, anchor: Date) async throws {
        for durable in [false, true] {
            let data = durable ? directory.appendingPathComponent("data") : nil
            let engine = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(dataDirectory: data, clock: .frozen(at: anchor)))
            ProcessMemory.resetPeak()
            let baseline = ProcessMemory.resident
            let indexer = Indexer(
                backend: engine,
                configuration: IndexerConfiguration(
                    database: location, batchSize: batchSize, clock: .frozen(at: anchor)))
            let report = try await indexer.run()
            guard report.succeeded else {
                throw BenchmarkError(message: "the indexing run failed:\n\(report.text)")
            }
            let peak = ProcessMemory.peak
            line(
                "index into the embedded engine (\(durable ? "durable" : "in memory")): \(report.statistics); resident before \(ProcessMemory.format(baseline)), peak \(ProcessMemory.format(peak))"
            )
            if !durable { try await measureIncremental(engine, location) }
            try engine.close()
        }
    }
}

/// A benchmark run that could not complete.
struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
