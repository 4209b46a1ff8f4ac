import Foundation
import TestSelectKit

/// The `testselect-bench` command line: parses options, runs each size, prints the report.
public enum BenchmarkCommand {
    /// The help text.
    public static let help = """
        OVERVIEW: Time testselect's static selection against 'swift package dump-package' on generated monorepos.

        USAGE: swift run -c release testselect-bench [options]

        OPTIONS:
          --packages <n>          One size to run (default: 10, 100 and 1000 packages).
          --sample <n>            Most manifests dump-package reads per size; above it a sample is timed and
                                  scaled (default: 100).
          --runs <n>              testselect runs per size; the median is reported (default: 5).
          --testselect <path>     The testselect executable (default: the one next to this benchmark).
          --keep <dir>            Generate the repositories in this directory and keep them.
          -h, --help              Show help information.

        For each size the last line reads
          bench packages=N static_s=X swiftpm_s=Y ratio=Z identical=true|false peak_mb=M
        'TESTSELECT_SWIFT' names the swift used for dump-package (default: swift on PATH).

        """

    /// Runs the benchmark and returns the exit code (0, 1 when a run failed or disagreed, 64 bad usage).
    public static func run(
        _ arguments: [String], environment: [String: String], executable: String,
        print: @escaping @Sendable (String) -> Void, printError: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if ArgumentParser.asksForHelp(arguments) {
            print(help)
            return 0
        }
        let siblings = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(
            "testselect")
        var options = BenchmarkOptions(testselect: siblings.path)
        options.swift = environment["TESTSELECT_SWIFT"] ?? "swift"
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            guard index + 1 < arguments.count else { throw .missingValue(name) }
            index += 1
            return arguments[index]
        }
        func count(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text), number >= 1 else {
                throw .invalidValue(option: name, value: text, expected: "a whole number of at least 1")
            }
            return number
        }
        do {
            while index < arguments.count {
                switch arguments[index] {
                case "--packages": options.sizes = [try count("--packages")]
                case "--sample": options.sample = try count("--sample")
                case "--runs": options.runs = try count("--runs")
                case "--testselect": options.testselect = try value("--testselect")
                case "--keep": options.directory = try value("--keep")
                default:
                    throw UsageError.unknownOption(
                        arguments[index], command: "testselect-bench",
                        suggestion: NearMatch.closest(
                            to: arguments[index],
                            among: ["--packages", "--sample", "--runs", "--testselect", "--keep"]))
                }
                index += 1
            }
        } catch {
            printError("testselect-bench: error: \(error)")
            return 64
        }
        guard FileManager.default.isExecutableFile(atPath: options.testselect) else {
            printError(
                "testselect-bench: error: no testselect executable at '\(options.testselect)'; "
                    + "build it ('swift build -c release --product testselect') or pass '--testselect PATH'")
            return 64
        }
        let benchmark = Benchmark(options: options, print: print)
        var status: Int32 = 0
        for size in options.sizes {
            do {
                let result = try benchmark.run(size: size)
                if !result.identical { status = 1 }
            } catch {
                printError("testselect-bench: error: \(error)")
                status = 1
            }
        }
        return status
    }
}
