import CLIKit

/// `cms-indexer-bench`: indexing throughput and memory (figures in BENCHMARKS.md).
public struct IndexingBenchmarkCommand: Command {
    static let assets = Option<Int>(
        "--assets", value: "n", in: 1...10_000_000, help: "Assets in the demo database (default 20000).")
    static let batchSize = Option<Int>(
        "--batch-size", value: "n", in: 1...100_000, help: "Documents per batch (default 500).")
    static let noEngine = Flag(
        "--no-engine", help: "Skip the indexing phases (the memory figure of reading alone).")
    public static let configuration = CommandConfiguration(
        name: "cms-indexer-bench",
        abstract: "Measures reading, denormalizing and indexing a demo CMS database.",
        discussion: """
            Writes a demo CMS database of N assets, then prints rows/s, docs/s and peak memory of
            reading and denormalizing it, and of indexing it into the embedded engine (in memory,
            then durable). Build with -c release.
            """,
        arguments: [assets, batchSize, noEngine])

    var benchmark: IndexingBenchmark

    public init(parsing arguments: ParsedArguments) throws {
        benchmark = IndexingBenchmark(
            assets: try arguments.value(Self.assets, default: 20_000),
            batchSize: try arguments.value(Self.batchSize, default: 500),
            includeEngine: !arguments.contains(Self.noEngine), output: .standardOutput)
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        var benchmark = self.benchmark
        benchmark.output = context.output
        try await benchmark.run()
        return .success
    }
}
