import CLIKitTesting
import IntegrationFixturesBenchmark
import Testing

@Suite struct FixtureBenchmarkTests {
    @Test func measuresEveryScenario() async throws {
        let results = try await FixtureBenchmark(iterations: 2).run()
        #expect(results.map(\.name) == FixtureBenchmark.scenarios.map(\.name))
        #expect(results.allSatisfy { $0.p50 > 0 && $0.p99 >= $0.p50 })
        #expect(results.map(\.documents) == [32, 36, 34, 332])
        let table = FixtureBenchmark.table(results)
        #expect(table.hasPrefix("| scenario | documents | p50 | p99 |"))
        #expect(table.split(separator: "\n").count == 6)
    }
}

/// `integration-fixtures-bench` follows the shared command-line conventions.
@Suite struct FixtureBenchmarkCommandTests {
    @Test func followsTheSharedConventions() async throws {
        let subject = CLIBehaviourSubject(
            executable: try BuiltProducts.executable("integration-fixtures-bench"), option: "--iterations")
        for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
    }
}
