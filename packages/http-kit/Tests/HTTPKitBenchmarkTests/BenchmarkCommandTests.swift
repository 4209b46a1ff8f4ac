import CLIKit
import CLIKitTesting
import Foundation
import HTTPKitBenchmark
import Testing

@Suite struct BenchmarkCommandTests {
    /// Runs the tool in-process with in-memory streams.
    private func run(_ arguments: [String]) async -> (Int32, output: String, errors: String) {
        let streams = StandardStreams(output: TextOutput(), errors: TextOutput())
        let status = await CommandLineTool(command: BenchmarkCommand.self).run(arguments, context: streams)
        return (status, streams.output.text, streams.errors.text)
    }

    @Test func printsHelpAndExitsZero() async {
        let (status, output, _) = await run(["--help"])
        #expect(status == 0)
        #expect(output.hasPrefix("OVERVIEW: Measure HTTPKit's server"))
    }

    @Test func reportsBadUsageOnStandardErrorWithExitCode64() async {
        let (status, output, errors) = await run(["--nope"])
        #expect(status == 64)
        #expect(output.isEmpty)
        #expect(
            errors
                == "http-kit-bench: error: unknown option '--nope' for 'http-kit-bench'; see 'http-kit-bench --help'\n"
        )
    }

    @Test func failsWithExitCode1WhenWrkIsMissing() async {
        let (status, _, errors) = await run(["--wrk", "/nonexistent/wrk", "--duration", "1"])
        #expect(status == 1)
        #expect(errors.contains("cannot run wrk at '/nonexistent/wrk'"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk")))
    func drivesTheServerWithWrkAndPrintsTheFigures() async throws {
        let (status, text, errors) = await run([
            "--duration", "1", "--connections", "4", "--threads", "1", "--path", "/json",
        ])
        #expect(status == 0, "\(errors)")
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

    @Test func followsTheSharedConventions() async throws {
        let subject = CLIBehaviourSubject(
            executable: try BuiltProducts.executable("http-kit-bench"), option: "--duration")
        for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
    }
}
