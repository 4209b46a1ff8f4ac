/// The figures of a wrk run, read from wrk's text output (run with `--latency`).
public struct WrkReport: Sendable, Equatable {
    /// Requests completed per second.
    public var requestsPerSecond: Double
    /// Requests completed in total.
    public var totalRequests: Int
    /// How long wrk ran, in seconds.
    public var durationSeconds: Double
    /// Latency percentiles in milliseconds, keyed by percentile (50, 75, 90, 99).
    public var latencyPercentilesMilliseconds: [Int: Double]
    /// Socket errors (connect, read, write, timeout) summed.
    public var socketErrors: Int
    /// Responses whose status was not 2xx or 3xx.
    public var non2xxResponses: Int

    /// Parses wrk's output.
    ///
    /// - Throws: ``BenchmarkError/wrkFailed(_:)`` when the requests-per-second line or the
    ///   latency distribution is missing.
    public init(parsing output: String) throws(BenchmarkError) {
        var requestsPerSecond: Double?
        var totalRequests = 0
        var durationSeconds = 0.0
        var percentiles: [Int: Double] = [:]
        var socketErrors = 0
        var non2xx = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            guard let first = fields.first else { continue }
            if first == "Requests/sec:", fields.count >= 2 {
                requestsPerSecond = Double(fields[1])
            } else if fields.count >= 4, fields[1] == "requests", fields[2] == "in" {
                totalRequests = Int(first) ?? 0
                durationSeconds = WrkReport.seconds(String(fields[3])) ?? 0
            } else if first.hasSuffix("%"), fields.count == 2, let percentile = Int(first.dropLast()),
                let value = WrkReport.milliseconds(String(fields[1]))
            {
                percentiles[percentile] = value
            } else if first == "Socket", fields.count >= 3, fields[1] == "errors:" {
                socketErrors = fields.dropFirst(2).compactMap { Int($0) }.reduce(0, +)
            } else if first == "Non-2xx", let count = fields.last.flatMap({ Int($0) }) {
                non2xx = count
            }
        }
        guard let requestsPerSecond else {
            throw .wrkFailed("no 'Requests/sec' line in its output:\n\(output)")
        }
        guard !percentiles.isEmpty else {
            throw .wrkFailed("no latency distribution in its output (run wrk with '--latency'):\n\(output)")
        }
        self.requestsPerSecond = requestsPerSecond
        self.totalRequests = totalRequests
        self.durationSeconds = durationSeconds
        self.latencyPercentilesMilliseconds = percentiles
        self.socketErrors = socketErrors
        self.non2xxResponses = non2xx
    }

    /// A duration such as `812.00us`, `1.24ms` or `2.01s` in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("us", 0.001), ("ms", 1), ("m", 60_000), ("s", 1000)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)) { return value * factor }
        }
        return nil
    }

    /// A duration such as `5.00s` or `1.00m` in seconds.
    static func seconds(_ text: String) -> Double? {
        milliseconds(text).map { $0 / 1000 }
    }
}
