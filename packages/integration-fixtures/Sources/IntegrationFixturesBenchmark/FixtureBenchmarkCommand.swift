import CLIKit

/// `integration-fixtures-bench`: what fixture set-up costs per scenario (figures in BENCHMARKS.md).
public struct FixtureBenchmarkCommand: Command {
    static let iterations = Option<Int>(
        "--iterations", value: "n", in: 1...100_000, help: "Environments created per scenario (default 200).")
    public static let configuration = CommandConfiguration(
        name: "integration-fixtures-bench",
        abstract: "Measures the set-up and teardown of fixture environments on the embedded engine.",
        discussion: """
            Creates N fixture environments per scenario and prints the median and 99th-percentile
            time of set-up plus teardown. Build with -c release.
            """,
        arguments: [iterations])

    var iterations: Int

    public init(parsing arguments: ParsedArguments) throws {
        iterations = try arguments.value(Self.iterations, default: 200)
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        let results = try await FixtureBenchmark(iterations: iterations).run()
        context.output.write(FixtureBenchmark.table(results))
        return .success
    }
}
