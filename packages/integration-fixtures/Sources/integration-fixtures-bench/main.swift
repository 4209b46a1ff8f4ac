import CLIKit
import Foundation
import IntegrationFixturesBenchmark

// integration-fixtures-bench: the cost of fixture set-up per scenario; the logic lives in
// IntegrationFixturesBenchmark.
let tool = CommandLineTool<StandardStreams>(command: FixtureBenchmarkCommand.self)
exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
