import Foundation
import TestSelectBenchmark

// testselect-bench: times testselect against `swift package dump-package` on generated monorepos.
// Lines are written unbuffered, so a long run shows its progress.
exit(
    BenchmarkCommand.run(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        executable: Bundle.main.executablePath ?? CommandLine.arguments[0],
        print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
