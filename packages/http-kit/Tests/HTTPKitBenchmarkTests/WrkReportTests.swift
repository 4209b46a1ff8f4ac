import HTTPKitBenchmark
import Testing

@Suite struct WrkReportTests {
    /// Output of `wrk --latency` as wrk 4.1 prints it.
    private let output = """
        Running 5s test @ http://127.0.0.1:40123/hello
          2 threads and 64 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     2.06ms    1.87ms  33.52ms   91.20%
            Req/Sec    17.63k     1.52k   20.86k    71.00%
          Latency Distribution
             50%    1.86ms
             75%    2.57ms
             90%    3.73ms
             99%   11.50ms
          176008 requests in 5.02s, 18.97MB read
          Socket errors: connect 0, read 2, write 1, timeout 3
          Non-2xx or 3xx responses: 4
        Requests/sec:  35053.27
        Transfer/sec:      3.78MB
        """

    @Test func readsThroughputLatencyPercentilesAndErrors() throws {
        let report = try WrkReport(parsing: output)
        #expect(report.requestsPerSecond == 35053.27)
        #expect(report.totalRequests == 176008)
        #expect(report.durationSeconds == 5.02)
        #expect(report.latencyPercentilesMilliseconds == [50: 1.86, 75: 2.57, 90: 3.73, 99: 11.5])
        #expect(report.socketErrors == 6)
        #expect(report.non2xxResponses == 4)
    }

    @Test func convertsEveryLatencyUnitToMilliseconds() throws {
        let report = try WrkReport(
            parsing: "50%  812.00us\n75%  1.00s\n99%  1.00m\nRequests/sec: 1.5\n")
        #expect(report.latencyPercentilesMilliseconds == [50: 0.812, 75: 1000, 99: 60_000])
    }

    @Test func refusesOutputWithoutFigures() {
        #expect(throws: BenchmarkError.self) { try WrkReport(parsing: "unable to connect to 127.0.0.1:1") }
        #expect(throws: BenchmarkError.self) { try WrkReport(parsing: "Requests/sec: 10\n") }
    }
}
