import CLIKit

/// `http-kit-bench`: serves a trivial route on 127.0.0.1, drives it with wrk and prints the figures.
public struct BenchmarkCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "http-kit-bench",
        abstract: "Measure HTTPKit's server: serve a trivial route on 127.0.0.1 and drive it with wrk.",
        discussion: """
            Prints requests per second and latency percentiles (p50, p75, p90, p99). The server uses
            the event loop back end HTTPKIT_EVENT_LOOP names (epoll on Linux, kqueue on Darwin,
            or poll), the default when unset.
            """)

    @Option(value: "seconds", in: 1...3_600, help: "How long to drive the server.")
    var duration = BenchmarkOptions().durationSeconds
    @Option(value: "n", in: 1...100_000, help: "Keep-alive connections wrk keeps open.")
    var connections = BenchmarkOptions().connections
    @Option(value: "n", in: 1...1_024, help: "wrk threads.")
    var threads = BenchmarkOptions().threads
    @Option(
        help: "Route to request: /hello (text) or /json.",
        expected: "'/hello' or '/json' (the routes the benchmark serves)",
        convert: { ["/hello", "/json"].contains($0) ? $0 : nil })
    var path = BenchmarkOptions().path
    @Option(value: "path", help: "The wrk executable.")
    var wrk = BenchmarkOptions().wrkPath

    /// The command with every option at its default.
    public init() {}

    /// The options given.
    public var options: BenchmarkOptions {
        var options = BenchmarkOptions()
        options.durationSeconds = duration
        options.connections = connections
        options.threads = threads
        options.path = path
        options.wrkPath = wrk
        return options
    }

    public func validate() throws {
        try options.validate()
    }

    public func run(in context: StandardStreams) async throws -> ExitCode {
        let report = try await BenchmarkRunner(options: options).run()
        context.output.line(Self.format(report, options: options))
        return .success
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
