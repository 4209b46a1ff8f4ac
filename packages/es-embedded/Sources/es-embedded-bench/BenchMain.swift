import CLIKit
import ESEmbeddedBenchmark
import Foundation

/// `es-embedded-bench`: the embedded engine's benchmark (see BENCHMARKS.md).
@main
struct BenchMain {
    static func main() async {
        let tool = CommandLineTool<StandardStreams>(command: BenchmarkCommand.self)
        exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
    }
}
