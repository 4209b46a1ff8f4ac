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
        "--durable-only",
        help: "Run only the durable phase, with --documents documents (the full run caps it at 50000).")
    static let crashLoop = Option<Int>(
        "--crash-loop", value: "rounds", in: 1...1_000,
        help:
            "Run only the crash loop: 'es-embedded serve' killed with SIGKILL during bulk indexing, restarted."
    )
    static let perRound = Option<Int>(
        "--per-round", value: "n", in: 1...10_000_000,
        help: "Documents acknowledged per crash-loop round before the kill (default 5000).")
    public static let configuration = CommandConfiguration(
        name: "es-embedded-bench",
        abstract: "Measures the embedded engine: bulk throughput, query latency, memory and per-test set-up.",
        discussion: """
            Prints a Markdown table on standard output. Build with -c release; the crash loop runs the
            'es-embedded' built next to this binary ('swift build -c release --package-path packages/es-embedded').
            """,
        arguments: [documents, queries, batch, noDurable, durableOnly, crashLoop, perRound])

    var benchmark = Benchmark()
    var crashLoopRun: CrashLoop?

    public init(parsing arguments: ParsedArguments) throws {
        benchmark.documents = try arguments.value(Self.documents, default: benchmark.documents)
        benchmark.queriesPerKind = try arguments.value(Self.queries, default: benchmark.queriesPerKind)
        benchmark.batchSize = try arguments.value(Self.batch, default: benchmark.batchSize)
        benchmark.durablePhase = !arguments.contains(Self.noDurable)
        benchmark.durableOnly = arguments.contains(Self.durableOnly)
        if let rounds = try arguments.value(Self.crashLoop) {
            crashLoopRun = CrashLoop(
                rounds: rounds, documentsPerRound: try arguments.value(Self.perRound, default: 5_000),
                batchSize: benchmark.batchSize)
        } else if try arguments.value(Self.perRound) != nil {
            throw UsageError.missingOption("--crash-loop", command: "es-embedded-bench --per-round")
        }
    }

    public func validate() throws {
        if !benchmark.durablePhase && benchmark.durableOnly {
            throw UsageError.conflictingOptions("--no-durable", "--durable-only")
        }
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        if let crashLoopRun {
            try await crashLoopRun.run()
            return .success
        }
        try await benchmark.run()
        return .success
    }
}
