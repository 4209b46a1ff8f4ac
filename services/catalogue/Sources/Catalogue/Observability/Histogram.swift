/// A latency histogram with Prometheus' cumulative buckets (seconds).
struct Histogram: Sendable {
    /// Upper bounds, in seconds, from 1 ms to 10 s.
    static let bounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private(set) var counts = [Int](repeating: 0, count: Histogram.bounds.count)
    private(set) var count = 0
    private(set) var sum = 0.0

    mutating func observe(_ seconds: Double) {
        count += 1
        sum += seconds
        if let index = Self.bounds.firstIndex(where: { seconds <= $0 }) { counts[index] += 1 }
    }

    /// The `_bucket`, `_sum` and `_count` lines of `name` with `labels` (already rendered).
    func lines(_ name: String, labels: String) -> [String] {
        var lines: [String] = []
        var cumulative = 0
        let separator = labels.isEmpty ? "" : ","
        for (bound, count) in zip(Self.bounds, counts) {
            cumulative += count
            lines.append("\(name)_bucket{\(labels)\(separator)le=\"\(bound)\"} \(cumulative)")
        }
        lines.append("\(name)_bucket{\(labels)\(separator)le=\"+Inf\"} \(count)")
        lines.append("\(name)_sum{\(labels)} \(sum)")
        lines.append("\(name)_count{\(labels)} \(count)")
        return lines
    }
}
