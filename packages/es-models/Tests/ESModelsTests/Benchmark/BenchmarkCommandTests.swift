import CLIKitTesting
import Testing

/// `es-models-benchmark` follows the shared command-line conventions.
@Suite struct BenchmarkCommandTests {
    @Test func followsTheSharedConventions() async throws {
        let subject = CLIBehaviourSubject(
            executable: try BuiltProducts.executable("es-models-benchmark"), option: "--runs")
        for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
    }
}
