import CLIKitTesting
import Testing

/// The repository's shared command-line behaviour cases hold for `catalogue` and `catalogue serve`.
@Suite struct CLIBehaviourTests {
    @Test func everyCommandFollowsTheSharedConventions() async throws {
        let tool = try BuiltProducts.executable("catalogue")
        let subjects = [
            CLIBehaviourSubject(executable: tool, subcommand: "serve"),
            CLIBehaviourSubject(executable: tool, words: ["serve"], option: "--port"),
        ]
        for subject in subjects {
            for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
        }
    }
}
