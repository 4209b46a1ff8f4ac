import Foundation
import IntegrationFixturesBenchmark

// integration-fixtures-bench [--iterations N]: prints the cost of fixture set-up per scenario.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: integration-fixtures-bench [--iterations N]

        Creates N fixture environments per scenario on the embedded engine (default 200) and prints
        the median and 99th-percentile time of set-up plus teardown. Build with -c release.
        """)
    exit(0)
}
var iterations = 200
if let flag = arguments.firstIndex(of: "--iterations") {
    guard arguments.indices.contains(flag + 1), let value = Int(arguments[flag + 1]), value > 0 else {
        FileHandle.standardError.write(
            Data("integration-fixtures-bench: error: '--iterations' needs a positive integer\n".utf8))
        exit(64)
    }
    iterations = value
} else if let unknown = arguments.first {
    FileHandle.standardError.write(
        Data("integration-fixtures-bench: error: unknown option '\(unknown)'; see --help\n".utf8))
    exit(64)
}
do {
    let results = try await FixtureBenchmark(iterations: iterations).run()
    print(FixtureBenchmark.table(results), terminator: "")
} catch {
    FileHandle.standardError.write(Data("integration-fixtures-bench: error: \(error)\n".utf8))
    exit(1)
}
