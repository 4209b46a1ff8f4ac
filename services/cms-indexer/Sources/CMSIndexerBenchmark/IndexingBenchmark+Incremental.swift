import CLIKit
import CMSIndexer
import ESEmbedded
import ESModels
import Foundation
import SeededRandom
import Synchronization
import TimeKit

extension IndexingBenchmark {
    /// The incremental path on an engine a full run just filled: a burst of assets changed by one
    /// statement applied by one `index --incremental` pass, then single-title updates timed from
    /// their commit to a search on the alias returning the new title while a watcher runs.
    func measureIncremental(_ engine: EmbeddedSearchBackend, _ location: CMSDatabaseLocation) async throws {
        let configuration = IndexerConfiguration(database: location, batchSize: batchSize, clock: .system)
        let writer = try CMSDatabase.openForWriting(location, clock: .system)
        if burst > 0 { try await measureBurst(engine, configuration, writer) }
        if samples > 0 { try await measureFreshness(engine, configuration, writer, location.dialect) }
    }

    private func measureBurst(
        _ engine: EmbeddedSearchBackend, _ configuration: IndexerConfiguration, _ writer: any CMSConnection
    ) async throws {
        let changed = try writer.run(
            "UPDATE assets SET updated_at = ?1 WHERE uuid IN (SELECT uuid FROM assets ORDER BY uuid LIMIT ?2)",
            [.text("2026-06-01T12:00:00Z"), .integer(Int64(burst))])
        ProcessMemory.resetPeak()
        let baseline = ProcessMemory.resident
        let started = ContinuousClock.now
        let report = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
        let seconds = Self.seconds(since: started)
        guard report.succeeded, report.upserted == changed else {
            throw BenchmarkError(message: "the burst was not applied whole:\n\(report.text)")
        }
        line(
            "incremental burst (one UPDATE of \(changed) assets, one 'index --incremental' pass): \(report.changes) changes, \(report.upserted) documents written in \(format(seconds)) s: \(rate(report.upserted, seconds)) docs/s, \(rate(report.rowsRead, seconds)) rows/s; resident before \(ProcessMemory.format(baseline)), peak \(ProcessMemory.format(ProcessMemory.peak))"
        )
    }

    /// Commits one title change at a time (spaced by a seeded random pause, so commits fall at
    /// every moment of the watcher's cycle) and polls a search on the alias, as the Catalogue
    /// reads it, until the new title is there.
    private func measureFreshness(
        _ engine: EmbeddedSearchBackend, _ configuration: IndexerConfiguration, _ writer: any CMSConnection,
        _ dialect: SQLDialect
    ) async throws {
        let ids = try writer.query(
            "SELECT asset_uuid FROM asset_localizations WHERE language_code = 'en' ORDER BY asset_uuid LIMIT ?1",
            [.integer(Int64(samples))]
        ) { try $0.string(0) }
        // The watch command's defaults: woken by NOTIFY on PostgreSQL, polling on SQLite.
        let interval: Duration = dialect == .postgres ? .seconds(5) : .milliseconds(250)
        let flags = WatchFlags()
        let watching = Task {
            // A benchmark measures real latency: the watcher runs on the real clock.
            let watcher = try ChangeWatcher(
                backend: engine, configuration: configuration, pollInterval: interval, time: .continuous)
            return try await watcher.run(until: { flags.stop.load(ordering: .relaxed) }) { _ in
                flags.ready.store(true, ordering: .relaxed)
            }
        }
        var latencies: [Double] = []
        do {
            while !flags.ready.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(10)) }
            var random = SplitMix64(seed: 1)
            for (number, id) in ids.enumerated() {
                try await Task.sleep(for: .milliseconds(100 + random.int(below: 400)))
                let title = "Fresh title \(number)"
                let committed = ContinuousClock.now
                try writer.run(
                    "UPDATE asset_localizations SET title = ?1 WHERE asset_uuid = ?2 AND language_code = 'en'",
                    [.text(title), .text(id)])
                while try await searchedTitle(engine, id) != title {
                    guard ContinuousClock.now - committed < .seconds(30) else {
                        throw BenchmarkError(
                            message: "'\(id)' was not searchable with its new title after 30 s")
                    }
                    try await Task.sleep(for: .milliseconds(1))
                }
                latencies.append(Self.seconds(ContinuousClock.now - committed))
            }
        } catch {
            flags.stop.store(true, ordering: .relaxed)
            _ = try? await watching.value
            throw error
        }
        flags.stop.store(true, ordering: .relaxed)
        _ = try await watching.value
        let sorted = latencies.sorted()
        func percentile(_ fraction: Double) -> String {
            let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
            return String(format: "%.0f ms", value * 1000)
        }
        let woken = dialect == .postgres ? "woken by NOTIFY" : "polling every 250 ms"
        line(
            "incremental freshness (watch, \(woken)): \(sorted.count) single-title UPDATEs, commit to a search on 'assetflat' returning the new title: p50 \(percentile(0.5)), p90 \(percentile(0.9)), max \(percentile(1))"
        )
    }

    private func searchedTitle(_ engine: EmbeddedSearchBackend, _ id: String) async throws -> String? {
        let response = try await engine.search(
            "assetflat", request: SearchRequest(query: .term("uuid", .string(id)), size: 1))
        return response.hits.hits.first?.source?["titles"]?["en"]?.stringValue
    }
}

/// Shared between the benchmark and its watcher task.
private final class WatchFlags: Sendable {
    let ready = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
}
