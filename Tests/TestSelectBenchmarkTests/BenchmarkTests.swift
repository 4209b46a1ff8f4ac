import Foundation
import TestSelectBenchmark
import TestSelectKit
import TestSelectTestSupport
import Testing

/// The benchmark end to end on a small repository: both routes, their agreement, the report lines.
@Suite struct BenchmarkTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    @Test func aSmallRunAgreesAndEndsWithTheBenchLine() throws {
        try withTemporaryDirectory { directory in
            var options = BenchmarkOptions(testselect: try TestSelectBinary.path())
            options.sample = 2
            options.runs = 1
            options.directory = directory
            let lines = Lines()
            let result = try Benchmark(options: options, print: { lines.append($0) }).run(size: 8)
            #expect(result.identical)
            #expect(result.dumped == 2)
            #expect(result.staticSeconds > 0)
            #expect(result.swiftPMSeconds > result.staticSeconds)
            #expect(result.peakMB > 1)
            let last = try #require(lines.all.last)
            #expect(last == result.line)
            #expect(
                last.wholeMatch(
                    of:
                        #/bench packages=8 static_s=\d+\.\d{3} swiftpm_s=\d+\.\d{3} ratio=\d+\.\d identical=true peak_mb=\d+\.\d/#
                )
                    != nil, "\(last)")
            #expect(lines.all.contains { $0.contains("timed on a sample of 2 of 8 manifests") })
            #expect(FileManager.default.fileExists(atPath: directory + "/bench-8/monorepo/.git"))
        }
    }

    @Test func theCommandLineValidatesItsOptions() {
        let errors = Lines()
        let run = { (arguments: [String]) -> Int32 in
            BenchmarkCommand.run(
                arguments, environment: [:], executable: "/nonexistent/testselect-bench", print: { _ in },
                printError: { errors.append($0) })
        }
        #expect(run(["--packages", "0"]) == 64)
        #expect(run(["--pakages", "10"]) == 64)
        #expect(run(["--runs"]) == 64)
        #expect(run(["--packages", "10"]) == 64)
        #expect(errors.all[0].contains("invalid value '0' for '--packages'"))
        #expect(errors.all[1].contains("did you mean '--packages'?"))
        #expect(errors.all[2].contains("option '--runs' needs a value"))
        #expect(errors.all[3].contains("no testselect executable at '/nonexistent/testselect'"))
        let help = Lines()
        #expect(
            BenchmarkCommand.run(
                ["--help"], environment: [:], executable: "x", print: { help.append($0) },
                printError: { _ in }) == 0)
        #expect(help.all.first?.hasPrefix("OVERVIEW:") == true)
    }
}
