import CLIKitTesting
import Testing

/// The repository's shared command-line behaviour cases hold for every command of `cms-indexer`
/// and for `cms-indexer-bench`.
@Suite struct CLIBehaviourTests {
    static func subjects() throws -> [CLIBehaviourSubject] {
        let tool = try BuiltProducts.executable("cms-indexer")
        return [
            CLIBehaviourSubject(executable: tool, subcommand: "index"),
            CLIBehaviourSubject(executable: tool, words: ["demo-db"], option: "--out"),
            CLIBehaviourSubject(executable: tool, words: ["migrate"], option: "--db"),
            CLIBehaviourSubject(executable: tool, words: ["index"], option: "--batch-size"),
            CLIBehaviourSubject(executable: tool, words: ["watch"], option: "--poll-interval"),
            CLIBehaviourSubject(executable: tool, words: ["mappings"], subcommand: "check"),
            CLIBehaviourSubject(executable: tool, words: ["mappings", "export"], option: "--index"),
            CLIBehaviourSubject(executable: tool, words: ["mappings", "sync"], option: "--repo"),
            CLIBehaviourSubject(executable: tool, words: ["mappings", "check"], option: "--format"),
            CLIBehaviourSubject(
                executable: try BuiltProducts.executable("cms-indexer-bench"), option: "--assets"),
        ]
    }

    @Test func everyCommandFollowsTheSharedConventions() async throws {
        for subject in try Self.subjects() {
            for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
        }
    }
}
