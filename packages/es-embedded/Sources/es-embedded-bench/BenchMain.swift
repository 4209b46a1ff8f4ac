import ESEmbeddedBenchmark
import Foundation

/// `es-embedded-bench`: the embedded engine's benchmark (see BENCHMARKS.md).
@main
struct BenchMain {
    static func main() async {
        do {
            try await Benchmark(arguments: Array(CommandLine.arguments.dropFirst())).run()
        } catch BenchmarkUsageError.help {
            print(BenchmarkUsageError.help)
        } catch let error as BenchmarkUsageError {
            FileHandle.standardError.write(Data("es-embedded-bench: error: \(error)\n".utf8))
            exit(64)
        } catch {
            FileHandle.standardError.write(Data("es-embedded-bench: error: \(error)\n".utf8))
            exit(1)
        }
    }
}
