import Foundation
import HTTPKitBenchmark

/// `http-kit-bench`: serve a trivial route and drive it with wrk; the logic lives in
/// HTTPKitBenchmark.
@main
struct HTTPKitBench {
    static func main() async {
        let status = await BenchmarkCommand.main(
            arguments: Array(CommandLine.arguments.dropFirst()),
            errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        exit(status)
    }
}
