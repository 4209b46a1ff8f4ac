import CLIKit

/// `es-embedded-bench`: the embedded engine's benchmark (figures in BENCHMARKS.md).
public struct BenchmarkCommand: Command {
    static let documents = Option<Int>(
        "--documents", value: "n", in: 1...10_000_000, help: "Documents to index (default 100000).")
    static let queries = Option<Int>(
        "--queries", value: "n", in: 1...1_000_000, help: "Runs of each kind of query (default 300).")
    static let batch = Option<Int>(
        "--batch", value: "n", in: 1...1_000_000, help: "Documents per bulk request (default 1000).")
    static let noDurable = Flag(
        "--no-durable", help: "Skip the durable phase (write-ahead log, recovery, snapshot).")
    static let durableOnly = Flag(
        "--durable-only", help: "Run only the durable phase (no set-up cost, in-memory bulk or queries).")
    public static let configuration = CommandConfiguration(
        name: "es-embedded-bench",
        abstract: "Measures the embedded engine: bulk throughput, query latency, memory and per-test set-up.",
        discussion: "Prints a Markdown table on standard output. Build with -c release.",
        arguments: [documents, queries, batch, noDurable, durableOnly])

    var benchmark = Benchmark()

    public init(parsing arguments: ParsedArguments) throws {
        benchmark.documents = try arguments.value(Self.documents, default: benchmark.documents)
        benchmark.queriesPerKind = try arguments.value(Self.queries, default: benchmark.queriesPerKind)
        benchmark.batchSize = try arguments.value(Self.batch, default: benchmark.batchSize)
        benchmark.durablePhase = !arguments.contains(Self.noDurable)
        benchmark.durableOnly = arguments.contains(Self.durableOnly)
    }

    public func validate() throws {
        if !benchmark.durablePhase && benchmark.durableOnly {
            throw UsageError.conflictingOptions("--no-durable", "--durable-only")
        }
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        try await benchmark.run()
        return .success
    }
}
