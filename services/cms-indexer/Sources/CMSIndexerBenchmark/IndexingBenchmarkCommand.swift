import CLIKit

/// `cms-indexer-bench`: indexing throughput and memory (figures in BENCHMARKS.md).
public struct IndexingBenchmarkCommand: Command {
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
            """)

    @Option(value: "n", in: 1...10_000_000, help: "Assets in the demo database.") var assets = 20_000
    @Option(value: "n", in: 1...100_000, help: "Documents per batch.") var batchSize = 500
    @Flag(help: "Skip the indexing phases (the memory figure of reading alone).") var noEngine: Bool
    @Option(
        value: "sqlite|postgres", help: "The CMS database: a SQLite file, or a throwaway PostgreSQL server.")
    var database = BenchmarkDatabase.sqlite.rawValue
    @Option(
        value: "n", in: 0...10_000_000,
        help: "Assets changed at once for the incremental burst, at most --assets; 0 skips it.")
    var burst = 10_000
    @Option(
        value: "n", in: 0...10_000,
        help: "Single-title updates timed from commit to searchable under watch; 0 skips them.")
    var samples = 20
    @Option(
        value: "rounds", in: 1...20,
        help:
            "Instead of the phases above: time an additive definition change both ways, 'index --if-needed' and a full 'index' run, alternately, this many rounds."
    )
    var additiveChange: Int?

    /// The database `--database` names.
    var benchmarkDatabase = BenchmarkDatabase.sqlite

    /// The command with every option at its default.
    public init() {}

    public mutating func validate() throws {
        guard let named = BenchmarkDatabase(rawValue: database) else {
            let known = BenchmarkDatabase.allCases.map(\.rawValue)
            throw UsageError.invalidValue(
                option: "--database", value: database,
                expected: known.map { "'\($0)'" }.joined(separator: " or ")
                    + NearMatch.hint(for: database, among: known))
        }
        benchmarkDatabase = named
    }

    var benchmark: IndexingBenchmark {
        IndexingBenchmark(
            assets: assets, batchSize: batchSize, includeEngine: !noEngine, database: benchmarkDatabase,
            burst: min(assets, burst), samples: min(assets, samples), additiveRounds: additiveChange,
            output: .standardOutput)
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        var benchmark = self.benchmark
        benchmark.output = context.output
        try await benchmark.run()
        return .success
    }
}
