import CLIKit
import HTTPKitBenchmark
import Testing

@Suite struct BenchmarkOptionsTests {
    func parse(_ words: [String]) throws -> BenchmarkOptions {
        try BenchmarkCommand.parse(words).options
    }

    @Test func usesDefaultsAndReadsEveryOptionInBothSpellings() throws {
        #expect(try parse([]) == BenchmarkOptions())
        var expected = BenchmarkOptions()
        expected.durationSeconds = 2
        expected.connections = 8
        expected.threads = 1
        expected.path = "/json"
        expected.wrkPath = "/opt/wrk"
        let parsed = try parse([
            "--duration", "2", "--connections=8", "--threads", "1", "--path=/json", "--wrk", "/opt/wrk",
        ])
        #expect(parsed == expected)
    }

    @Test(arguments: [
        (
            ["--durations", "3"],
            "unknown option '--durations' for 'http-kit-bench'; did you mean '--duration'?"
        ),
        (["--verbose"], "unknown option '--verbose' for 'http-kit-bench'; see 'http-kit-bench --help'"),
        (["--threads"], "option '--threads' needs a value"),
        (
            ["--connections", "0"],
            "invalid value '0' for '--connections'; expected an integer from 1 to 100000"
        ),
        (["--duration", "ten"], "invalid value 'ten' for '--duration'; expected an integer from 1 to 3600"),
        (["--path", "/other"], "invalid value '/other' for '--path'; expected '/hello' or '/json'"),
        (
            ["--threads", "4", "--connections", "2"],
            "invalid value '2' for '--connections'; expected at least '--threads' (4)"
        ),
    ])
    func refusesBadUsageWithMessagesThatSayWhatToDo(arguments: [String], message: String) {
        do {
            _ = try parse(arguments)
            Issue.record("no error for \(arguments)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
            #expect(error is UsageError)
        }
    }
}
