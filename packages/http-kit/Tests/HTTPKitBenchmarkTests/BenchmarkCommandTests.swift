import Foundation
import HTTPKitBenchmark
import Synchronization
import Testing

@Suite struct BenchmarkCommandTests {
    /// Collects what the command prints.
    private final class Printed: Sendable {
        let output = Mutex<[String]>([])
        let errors = Mutex<[String]>([])
    }

    private func run(_ arguments: [String]) async -> (Int32, Printed) {
        let printed = Printed()
        let status = await BenchmarkCommand.main(
            arguments: arguments, output: { line in printed.output.withLock { $0.append(line) } },
            errors: { line in printed.errors.withLock { $0.append(line) } })
        return (status, printed)
    }

    @Test func printsHelpAndExitsZero() async {
        let (status, printed) = await run(["--help"])
        #expect(status == 0)
        #expect(printed.output.withLock { $0.first?.hasPrefix("OVERVIEW: Measure HTTPKit's server") } == true)
    }

    @Test func reportsBadUsageOnStandardErrorWithExitCode64() async {
        let (status, printed) = await run(["--nope"])
        #expect(status == 64)
        #expect(printed.output.withLock { $0.isEmpty })
        #expect(
            printed.errors.withLock { $0 } == [
                "http-kit-bench: error: unknown option '--nope'; run with '--help' for the options"
            ])
    }

    @Test func failsWithExitCode1WhenWrkIsMissing() async {
        let (status, printed) = await run(["--wrk", "/nonexistent/wrk", "--duration", "1"])
        #expect(status == 1)
        #expect(
            printed.errors.withLock { $0.first?.contains("cannot run wrk at '/nonexistent/wrk'") } == true)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk")))
    func drivesTheServerWithWrkAndPrintsTheFigures() async throws {
        let (status, printed) = await run([
            "--duration", "1", "--connections", "4", "--threads", "1", "--path", "/json",
        ])
        #expect(status == 0, "\(printed.errors.withLock { $0 })")
        let text = printed.output.withLock { $0.joined(separator: "\n") }
        #expect(text.contains("http-kit-bench: GET /json, wrk 1 threads, 4 connections, 1s"))
        // Only "some requests were served": the figure itself depends on the machine's load.
        let throughput = try #require(text.firstMatch(of: /requests\/s: (\d+\.?\d*)/))
        #expect((Double(throughput.1) ?? 0) > 0)
        let total = try #require(text.firstMatch(of: /requests: (\d+) in/))
        #expect((Int(total.1) ?? 0) > 0)
        #expect(text.contains("socket errors: 0, non-2xx/3xx: 0"))
        #expect(
            text.firstMatch(of: /latency: p50 \d+\.?\d*ms, p75 \d+\.?\d*ms, p90 \d+\.?\d*ms, p99 \d+\.?\d*ms/)
                != nil)
    }
}
