import CMSIndexer
import CMSIndexerBenchmark
import Foundation

// cms-indexer-bench [--assets N] [--batch-size N]: indexing throughput and memory; see
// IndexingBenchmark. Figures are recorded in BENCHMARKS.md.
var assets = 20_000
var batchSize = 500
var includeEngine = true
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--help" || option == "-h" {
        print("USAGE: cms-indexer-bench [--assets N] [--batch-size N] [--no-engine]")
        print(
            "Writes a demo CMS database of N assets (default 20000), then prints rows/s, docs/s and peak memory"
        )
        print("of reading and denormalizing it, and of indexing it into the embedded engine.")
        print("--no-engine skips the indexing phases (the memory figure of reading alone).")
        exit(0)
    }
    if option == "--no-engine" {
        includeEngine = false
        continue
    }
    guard let value = arguments.first.flatMap(Int.init), value > 0,
        ["--assets", "--batch-size"].contains(option)
    else {
        FileHandle.standardError.write(
            Data("cms-indexer-bench: error: unexpected '\(option)'; see --help\n".utf8))
        exit(64)
    }
    arguments.removeFirst()
    if option == "--assets" { assets = value } else { batchSize = value }
}
do {
    try await IndexingBenchmark(
        assets: assets, batchSize: batchSize, includeEngine: includeEngine,
        output: CommandOutput(handle: .standardOutput)
    ).run()
} catch {
    FileHandle.standardError.write(Data("cms-indexer-bench: error: \(error)\n".utf8))
    exit(1)
}
