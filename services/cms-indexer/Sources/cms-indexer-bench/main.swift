import CLIKit
import CMSIndexerBenchmark
import Foundation

// cms-indexer-bench: indexing throughput and memory; the logic lives in CMSIndexerBenchmark.
let tool = CommandLineTool<StandardStreams>(command: IndexingBenchmarkCommand.self)
exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
