import HTTPKit

/// `http-kit-bench`: parses arguments, runs the benchmark and prints its figures.
public enum BenchmarkCommand {
    /// Runs the command; results go to `output` (stdout), diagnostics to `errors` (stderr).
    ///
    /// - Returns: the exit code: 0 on success, 1 when the benchmark fails, 64 for bad usage.
    public static func main(
        arguments: [String], output: @Sendable (String) -> Void = { print($0) },
        errors: @Sendable (String) -> Void
    ) async -> Int32 {
        let options: BenchmarkOptions
        do {
            switch try BenchmarkOptions.parse(arguments) {
            case .help:
                output(BenchmarkOptions.help)
                return 0
            case .run(let parsed):
                options = parsed
            }
        } catch {
            errors("http-kit-bench: error: \(error)")
            return error.exitCode
        }
        do {
            let report = try await BenchmarkRunner(options: options).run()
            output(format(report, options: options))
            return 0
        } catch let error as BenchmarkError {
            errors("http-kit-bench: error: \(error)")
            return error.exitCode
        } catch {
            errors("http-kit-bench: error: \(error)")
            return 1
        }
    }

    /// The report as printed.
    public static func format(_ report: WrkReport, options: BenchmarkOptions) -> String {
        func figure(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return String(rounded)
        }
        let latencies = [50, 75, 90, 99].map { percentile in
            "p\(percentile) \(report.latencyPercentilesMilliseconds[percentile].map(figure) ?? "?")ms"
        }
        return """
            http-kit-bench: GET \(options.path), wrk \(options.threads) threads, \(options.connections) connections, \
            \(options.durationSeconds)s
            requests/s: \(figure(report.requestsPerSecond))
            latency: \(latencies.joined(separator: ", "))
            requests: \(report.totalRequests) in \(figure(report.durationSeconds))s, \
            socket errors: \(report.socketErrors), non-2xx/3xx: \(report.non2xxResponses)
            """
    }
}
