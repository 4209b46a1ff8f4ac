import ESModels
import Foundation
import IntegrationFixtures

/// Measures what a test pays for its fixtures: set-up (a fresh engine, every index created from
/// the mapping copy, the documents completed and loaded) and teardown, per scenario.
///
/// ```swift
/// let results = try await FixtureBenchmark(iterations: 200).run()
/// print(FixtureBenchmark.table(results))
/// ```
public struct FixtureBenchmark: Sendable {
    /// One measured scenario.
    public struct Scenario: Sendable {
        /// What it is, for the report.
        public var name: String
        /// What each environment holds.
        public var data: FixtureData
    }

    /// The timings of one scenario, in milliseconds.
    public struct Result: Sendable {
        /// The scenario's name.
        public var name: String
        /// Documents loaded per environment.
        public var documents: Int
        /// Median set-up and teardown time.
        public var p50: Double
        /// 99th percentile.
        public var p99: Double
    }

    /// Environments made per scenario.
    public var iterations: Int

    /// Creates a benchmark.
    public init(iterations: Int) {
        self.iterations = iterations
    }

    /// The scenarios: reference data only, the story's four assets, two promos, and 300
    /// generated sports events.
    public static var scenarios: [Scenario] {
        [
            Scenario(name: "reference data only", data: FixtureData()),
            Scenario(
                name: "4 assets (the by_id story)",
                data: FixtureData(assetflats: [
                    ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
                    ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
                ])),
            Scenario(
                name: "2 promos (the promos story)",
                data: FixtureData(promos: [["promo_type": "call_to_action"], ["promo_type": "editorial"]])),
            Scenario(
                name: "300 generated sports events",
                data: FixtureData(
                    sportsEvents: SportsEventGenerator().events(
                        count: 300, from: Fixtures.date(days: -30), to: Fixtures.date(days: 60)))),
        ]
    }

    /// Runs every scenario on the embedded store.
    ///
    /// - Throws: what fixture set-up throws.
    public func run() async throws -> [Result] {
        var results: [Result] = []
        for scenario in Self.scenarios {
            var timings: [Double] = []
            var documents = 0
            for _ in 0..<iterations {
                let start = ContinuousClock.now
                documents = try await withFixtureEnvironment(scenario.data, store: .embedded) { environment in
                    IndexName.allCases.reduce(0) { $0 + environment.documents(in: $1).count }
                }
                timings.append(Self.milliseconds(ContinuousClock.now - start))
            }
            timings.sort()
            results.append(
                Result(
                    name: scenario.name, documents: documents, p50: Self.percentile(timings, 0.5),
                    p99: Self.percentile(timings, 0.99)))
        }
        return results
    }

    /// The results as a Markdown table.
    public static func table(_ results: [Result]) -> String {
        var lines = ["| scenario | documents | p50 | p99 |", "|---|---|---|---|"]
        for result in results {
            lines.append(
                "| \(result.name) | \(result.documents) | \(format(result.p50)) ms | \(format(result.p99)) ms |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
