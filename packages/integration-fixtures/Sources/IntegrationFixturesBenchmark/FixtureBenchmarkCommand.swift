import CLIKit

/// `integration-fixtures-bench`: what fixture set-up costs per scenario (figures in BENCHMARKS.md).
public struct FixtureBenchmarkCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "integration-fixtures-bench",
        abstract: "Measures the set-up and teardown of fixture environments on the embedded engine.",
        discussion: """
            Creates N fixture environments per scenario and prints the median and 99th-percentile
            time of set-up plus teardown. Build with -c release.
            """)

    @Option(value: "n", in: 1...100_000, help: "Environments created per scenario.") var iterations = 200

    /// The command with its default.
    public init() {}

    public func run(in context: StandardStreams) async throws -> ExitCode {
        let results = try await FixtureBenchmark(iterations: iterations).run()
        context.output.write(FixtureBenchmark.table(results))
        return .success
    }
}
