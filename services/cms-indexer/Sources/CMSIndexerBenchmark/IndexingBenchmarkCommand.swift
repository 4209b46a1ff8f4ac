import CLIKit

/// `cms-indexer-bench`: indexing throughput and memory (figures in BENCHMARKS.md).
public struct IndexingBenchmarkCommand: Command {
    static let assets = Option<Int>(
        "--assets", value: "n", in: 1...10_000_000, help: "Assets in the demo database (default 20000).")
    static let batchSize = Option<Int>(
        "--batch-size", value: "n", in: 1...100_000, help: "Documents per batch (default 500).")
    static let noEngine = Flag(
        "--no-engine", help: "Skip the indexing phases (the memory figure of reading alone).")
    static let database = Option<String>(
        "--database", value: "sqlite|postgres",
        help: "The CMS database: a SQLite file, or a throwaway PostgreSQL server (default sqlite).")
    static let burst = Option<Int>(
        "--burst", value: "n", in: 0...10_000_000,
        help:
            "Assets changed at once for the incremental burst (default 10000, at most --assets; 0 skips it).")
    static let samples = Option<Int>(
        "--samples", value: "n", in: 0...10_000,
        help: "Single-title updates timed from commit to searchable under watch (default 20; 0 skips them).")
    static let additiveChange = Option<Int>(
        "--additive-change", value: "rounds", in: 1...20,
        help:
            "Instead of the phases above: time an additive definition change both ways, 'index --if-needed' and a full 'index' run, alternately, this many rounds."
    )
    public static let configuration = CommandConfiguration(
        name: "cms-indexer-bench",
        abstract: "Measures reading, denormalizing and indexing a demo CMS database.",
        discussion: """
            Writes a demo CMS database of N assets (SQLite, or PostgreSQL on a throwaway server whose
            programs must be installed), then prints rows/s, docs/s, statements (server round trips
            on PostgreSQL) and peak memory of reading and denormalizing it, and of indexing it into
            the embedded engine (in memory, then durable). On the in-memory engine it then measures
            the incremental path: one pass applying a burst of changed assets (docs/s), and the
            time from a committed title UPDATE to a search on the alias returning it while a
            watcher runs (p50, p90, max). Build with -c release.
            """,
        arguments: [assets, batchSize, noEngine, database, burst, samples, additiveChange])

    var benchmark: IndexingBenchmark

    public init(parsing arguments: ParsedArguments) throws {
        let assets = try arguments.value(Self.assets, default: 20_000)
        let name = try arguments.value(Self.database, default: BenchmarkDatabase.sqlite.rawValue)
        guard let database = BenchmarkDatabase(rawValue: name) else {
            let known = BenchmarkDatabase.allCases.map(\.rawValue)
            throw UsageError.invalidValue(
                option: "--database", value: name,
                expected: known.map { "'\($0)'" }.joined(separator: " or ")
                    + NearMatch.hint(for: name, among: known))
        }
        benchmark = IndexingBenchmark(
            assets: assets,
            batchSize: try arguments.value(Self.batchSize, default: 500),
            includeEngine: !arguments.contains(Self.noEngine), database: database,
            burst: min(assets, try arguments.value(Self.burst, default: 10_000)),
            samples: min(assets, try arguments.value(Self.samples, default: 20)),
            additiveRounds: try arguments.value(Self.additiveChange), output: .standardOutput)
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        var benchmark = self.benchmark
        benchmark.output = context.output
        try await benchmark.run()
        return .success
    }
}
