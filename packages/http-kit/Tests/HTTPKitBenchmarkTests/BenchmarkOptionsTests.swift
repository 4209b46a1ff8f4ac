import HTTPKitBenchmark
import Testing

@Suite struct BenchmarkOptionsTests {
    @Test func usesDefaultsAndReadsEveryOptionInBothSpellings() throws {
        #expect(try BenchmarkOptions.parse([]) == .run(BenchmarkOptions()))
        var expected = BenchmarkOptions()
        expected.durationSeconds = 2
        expected.connections = 8
        expected.threads = 1
        expected.path = "/json"
        expected.wrkPath = "/opt/wrk"
        let parsed = try BenchmarkOptions.parse([
            "--duration", "2", "--connections=8", "--threads", "1", "--path=/json", "--wrk", "/opt/wrk",
        ])
        #expect(parsed == .run(expected))
        #expect(try BenchmarkOptions.parse(["--duration", "1", "--help"]) == .help)
        #expect(try BenchmarkOptions.parse(["-h"]) == .help)
    }

    @Test(arguments: [
        (["--durations", "3"], "unknown option '--durations'; did you mean '--duration'?"),
        (["--verbose"], "unknown option '--verbose'; run with '--help' for the options"),
        (["--threads"], "option '--threads' needs a value"),
        (["--connections", "0"], "option '--connections' needs a positive integer, got '0'"),
        (["--duration", "ten"], "option '--duration' needs a positive integer, got 'ten'"),
        (["--path", "/other"], "path '/other' is not served by the benchmark; use '/hello' or '/json'"),
        (["--threads", "4", "--connections", "2"], "'--connections' (2) must be at least '--threads' (4)"),
    ])
    func refusesBadUsageWithMessagesThatSayWhatToDo(arguments: [String], message: String) {
        #expect(throws: BenchmarkError.usage(message)) { try BenchmarkOptions.parse(arguments) }
        #expect(BenchmarkError.usage(message).exitCode == 64)
    }
}
