import CLIKit
import ESEmbedded
import ESModels
import Foundation

/// `es-embedded-bench`: bulk throughput, query latency and memory of the embedded engine on
/// generated assetflat documents, plus the cost of a per-test engine.
public struct Benchmark: Sendable {
    /// How many documents to index.
    public var documents = 100_000
    /// How many times each kind of query runs.
    public var queriesPerKind = 300
    /// Documents per bulk request.
    public var batchSize = 1_000
    /// Whether to run the durable phase (write-ahead log, recovery, snapshot).
    public var durablePhase = true
    /// Whether to run only the durable phase (no set-up cost, in-memory bulk or queries).
    public var durableOnly = false

    /// The default workload: 100,000 documents, 300 queries per kind, batches of 1,000.
    public init() {}

    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// Runs every phase, printing results on standard output.
    public func run() async throws {
        print(
            "es-embedded-bench: \(documents) assetflat documents, bulk batches of \(batchSize), \(queriesPerKind) queries per kind"
        )
        if durableOnly {
            try await durable()
            return
        }
        try await setupCost()
        try await inMemory()
        if durablePhase { try await durable() }
    }

    /// Bulk, queries and memory of an in-memory engine, which is gone when this returns, so
    /// that the durable phase does not share the process with a 100,000-document engine.
    private func inMemory() async throws {
        let engine = EmbeddedSearchBackend(clock: .frozen(at: Self.now))
        let throughput = try await bulk(into: engine)
        print(
            "| bulk (in memory) | \(Int(throughput.wall)) docs/s overall, \(Int(throughput.medianBatch)) docs/s median batch, \(Int(throughput.cpu)) docs per CPU-second |"
        )
        try await queries(on: engine)
        try readers(on: engine)
        print("| peak memory (VmHWM) | \(ProcessMemory.format(ProcessMemory.peak)) |")
        print("| resident memory after indexing (VmRSS) | \(ProcessMemory.format(ProcessMemory.resident)) |")
    }

    /// The per-test set-up of an integration test: a fresh engine, five indices, a few
    /// documents, one search.
    private func setupCost() async throws {
        var samples: [Double] = []
        var generator = AssetGenerator(seed: 7, now: Self.now)
        let documents = (0..<10).map { generator.asset($0) }
        for _ in 0..<300 {
            let start = ContinuousClock.now
            let engine = EmbeddedSearchBackend(clock: .frozen(at: Self.now))
            for name in ["assetflat", "territories", "languages", "categories", "ratings"] {
                _ = try await engine.createIndex(
                    name, definition: AssetGenerator.definition())
            }
            _ = try await engine.bulk(
                BulkRequest(
                    documents.enumerated().map {
                        .index(index: "assetflat", id: AssetGenerator.uuid($0.offset), document: $0.element)
                    }, refresh: .immediate))
            _ = try await engine.search(
                "assetflat", request: SearchRequest(query: .terms("uuid", ["asset-1", "asset-2"])))
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        print(
            "| per-test set-up: engine + 5 indices + 10 documents + 1 search | mean \(format(samples.mean)) ms, p99 \(format(samples.percentile(0.99))) ms |"
        )
    }

    /// Throughput of a bulk phase: wall clock, CPU time, median batch.
    struct Throughput {
        var wall: Double
        var cpu: Double
        var medianBatch: Double
    }

    private func bulk(into engine: EmbeddedSearchBackend) async throws -> Throughput {
        try await bulk(into: engine, alongside: nil).measured
    }

    /// Indexes the documents into `engine`; with a `reference` engine, each batch also goes to
    /// it, alternately before and after, so that both see the machine in the same state.
    private func bulk(into engine: EmbeddedSearchBackend, alongside reference: EmbeddedSearchBackend?)
        async throws -> (measured: Throughput, reference: Throughput?)
    {
        var measured = BulkTimer()
        var compared = BulkTimer()
        for target in [engine, reference].compactMap({ $0 }) {
            _ = try await target.createIndex(
                "assetflat", definition: AssetGenerator.definition())
        }
        var generator = AssetGenerator(seed: 42, now: Self.now)
        for (number, first) in stride(from: 0, to: documents, by: batchSize).enumerated() {
            // Documents are generated batch by batch, outside the timed part.
            let batch = BulkRequest(
                (first..<min(documents, first + batchSize)).map {
                    .index(index: "assetflat", id: AssetGenerator.uuid($0), document: generator.asset($0))
                })
            if let reference, number % 2 == 0 { try await compared.time(batch, on: reference) }
            try await measured.time(batch, on: engine)
            if let reference, number % 2 == 1 { try await compared.time(batch, on: reference) }
        }
        let refreshStart = ContinuousClock.now
        _ = try await engine.refresh("assetflat")
        print("| refresh after bulk | \(format((ContinuousClock.now - refreshStart).milliseconds)) ms |")
        return (measured.throughput, reference.map { _ in compared.throughput })
    }

    private func queries(on engine: EmbeddedSearchBackend) async throws {
        var mix = QueryMix(generator: AssetGenerator(seed: 99, now: Self.now), documents: documents)
        var allWall: [Double] = []
        var allCPU: [Double] = []
        print("| query | p50 | p99 | p50 CPU | p99 CPU | mean hits |")
        print("|---|---|---|---|---|---|")
        for kind in QueryKind.allCases {
            var wall: [Double] = []
            var cpu: [Double] = []
            var hits = 0
            for _ in 0..<queriesPerKind {
                let request = mix.request(kind)
                let start = ContinuousClock.now
                let cpuStart = ProcessCPU.threadSeconds
                if kind == .count {
                    hits += try engine.countNow("assetflat", request: CountRequest(query: request.query))
                        .count
                } else {
                    hits += try engine.searchNow("assetflat", request: request).hits.total?.value ?? 0
                }
                cpu.append((ProcessCPU.threadSeconds - cpuStart) * 1000)
                wall.append((ContinuousClock.now - start).milliseconds)
            }
            allWall += wall
            allCPU += cpu
            print(
                "| \(kind.rawValue) | \(format(wall.percentile(0.5))) ms | \(format(wall.percentile(0.99))) ms | "
                    + "\(format(cpu.percentile(0.5))) ms | \(format(cpu.percentile(0.99))) ms | \(hits / queriesPerKind) |"
            )
        }
        print(
            "| all queries | \(format(allWall.percentile(0.5))) ms | \(format(allWall.percentile(0.99))) ms | "
                + "\(format(allCPU.percentile(0.5))) ms | \(format(allCPU.percentile(0.99))) ms | |")
    }

    /// Bulk into a durable engine (write-ahead log fsynced per request), then the time to
    /// reopen it (snapshot + log replay).
    private func durable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The full run keeps the durable phase at 50,000 documents; --durable-only takes --documents.
        let count = durableOnly ? documents : min(documents, 50_000)
        let throughput: (measured: Throughput, reference: Throughput?)
        do {
            let engine = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: directory, clock: .frozen(at: Self.now)))
            var copy = self
            copy.documents = count
            throughput = try await copy.bulk(
                into: engine, alongside: EmbeddedSearchBackend(clock: .frozen(at: Self.now)))
        }
        let durable = throughput.measured
        print(
            "| bulk (durable, \(count) docs, fsync per request) | \(Int(durable.wall)) docs/s overall, \(Int(durable.medianBatch)) docs/s median batch, \(Int(durable.cpu)) docs per CPU-second |"
        )
        if let memory = throughput.reference {
            let extra = (memory.cpu / durable.cpu - 1) * 100
            print(
                "| the same batches in memory, interleaved | \(Int(memory.wall)) docs/s overall, \(Int(memory.cpu)) docs per CPU-second; durable costs \(format(extra)) % more CPU |"
            )
        }
        let start = ContinuousClock.now
        let reopened = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(dataDirectory: directory, clock: .frozen(at: Self.now))
        )
        let recovered = try await reopened.count("assetflat", request: CountRequest()).count
        print(
            "| recovery from the write-ahead log (\(recovered) docs) | \(format((ContinuousClock.now - start).milliseconds)) ms |"
        )
        let closeStart = ContinuousClock.now
        try reopened.close()
        print(
            "| snapshot on close (\(recovered) docs) | \(format((ContinuousClock.now - closeStart).milliseconds)) ms |"
        )
        for (label, keepImages) in [("with its index images", true), ("indexing its documents again", false)]
        {
            if !keepImages {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                where name.hasSuffix(".esi") {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                }
            }
            let start = ContinuousClock.now
            let fromSnapshot = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: directory, clock: .frozen(at: Self.now)))
            let elapsed = ContinuousClock.now - start
            let count = try await fromSnapshot.count("assetflat", request: CountRequest()).count
            print(
                "| recovery from the snapshot, \(label) (\(count) docs) | \(format(elapsed.milliseconds)) ms |"
            )
        }
    }

    func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.0f", value)
    }
}

/// A benchmark run that cannot go on.
enum BenchmarkFailure: Error, CustomStringConvertible {
    /// The engine refused part of a bulk request.
    case bulkFailed(String)

    var description: String {
        switch self {
        case .bulkFailed(let reason): "a bulk request failed: \(reason)"
        }
    }
}

/// Sums the time of bulk requests.
struct BulkTimer {
    private var wall = Duration.zero
    private var cpu = 0.0
    private var documents = 0
    private var batchRates: [Double] = []

    mutating func time(_ batch: BulkRequest, on engine: EmbeddedSearchBackend) async throws {
        let start = ContinuousClock.now
        let cpuStart = ProcessCPU.seconds
        let response = try await engine.bulk(batch)
        cpu += ProcessCPU.seconds - cpuStart
        let elapsed = ContinuousClock.now - start
        wall += elapsed
        documents += batch.operations.count
        batchRates.append(Double(batch.operations.count) / elapsed.seconds)
        if response.errors {
            throw BenchmarkFailure.bulkFailed(response.failures.first?.error?.reason ?? "")
        }
    }

    var throughput: Benchmark.Throughput {
        Benchmark.Throughput(
            wall: Double(documents) / wall.seconds, cpu: Double(documents) / cpu,
            medianBatch: batchRates.percentile(0.5))
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
    var seconds: Double { milliseconds / 1000 }
}

extension [Double] {
    var mean: Double { isEmpty ? 0 : reduce(0, +) / Double(count) }

    func percentile(_ fraction: Double) -> Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
