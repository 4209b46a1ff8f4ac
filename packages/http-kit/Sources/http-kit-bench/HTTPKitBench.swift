import CLIKit
import Foundation
import HTTPKitBenchmark

/// `http-kit-bench`: serve a trivial route and drive it with wrk; the logic lives in
/// HTTPKitBenchmark.
@main
struct HTTPKitBench {
    static func main() async {
        let tool = CommandLineTool<StandardStreams>(command: BenchmarkCommand.self)
        exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
    }
}
