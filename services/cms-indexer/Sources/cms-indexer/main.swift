import CMSIndexerCommand
import Foundation

// The cms-indexer executable: wires the real process context into the library's command line.
exit(await CMSIndexerCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
