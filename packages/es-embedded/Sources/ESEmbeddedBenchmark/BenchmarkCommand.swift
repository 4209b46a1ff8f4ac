import CLIKit

/// `es-embedded-bench`: the embedded engine's benchmark (figures in BENCHMARKS.md).
public struct BenchmarkCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "es-embedded-bench",
        abstract: "Measures the embedded engine: bulk throughput, query latency, memory and per-test set-up.",
        discussion: """
            Prints a Markdown table on standard output. Build with -c release; the crash loop runs the
            'es-embedded' built next to this binary ('swift build -c release --package-path packages/es-embedded').
            """)

    @Option(value: "n", in: 1...10_000_000, help: "Documents to index.") var documents = Benchmark().documents
    @Option(value: "n", in: 1...1_000_000, help: "Runs of each kind of query.")
    var queries = Benchmark().queriesPerKind
    @Option(value: "n", in: 1...1_000_000, help: "Documents per bulk request.") var batch = Benchmark()
        .batchSize
    @Flag(help: "Skip the durable phase (write-ahead log, recovery, snapshot).") var noDurable: Bool
    @Flag(help: "Run only the durable phase, with --documents documents (the full run caps it at 50000).")
    var durableOnly: Bool
    @Option(
        value: "rounds", in: 1...1_000,
        help:
            "Run only the crash loop: 'es-embedded serve' killed with SIGKILL during bulk indexing, restarted."
    )
    var crashLoop: Int?
    // Optional, not defaulted: '--per-round' without '--crash-loop' is refused.
    @Option(
        value: "n", in: 1...10_000_000,
        help:
            "Documents acknowledged per crash-loop round before the kill (default: \(CrashLoop.defaultDocumentsPerRound))."
    )
    var perRound: Int?

    /// The command with every option at its default.
    public init() {}

    public func validate() throws {
        if crashLoop == nil, perRound != nil {
            throw UsageError.missingOption("--crash-loop", command: "es-embedded-bench --per-round")
        }
        if noDurable && durableOnly {
            throw UsageError.conflictingOptions("--no-durable", "--durable-only")
        }
    }

    var benchmark: Benchmark {
        var benchmark = Benchmark()
        benchmark.documents = documents
        benchmark.queriesPerKind = queries
        benchmark.batchSize = batch
        benchmark.durablePhase = !noDurable
        benchmark.durableOnly = durableOnly
        return benchmark
    }

    var crashLoopRun: CrashLoop? {
        crashLoop.map { rounds in
            CrashLoop(
                rounds: rounds, documentsPerRound: perRound ?? CrashLoop.defaultDocumentsPerRound,
                batchSize: batch)
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
