import CLIKit
import CLIKitTesting
import Foundation
import Testing

/// The shared behaviour cases hold for a tool built with CLIKit: a group, a command with
/// options, a command with an argument.
@Suite struct BehaviourCasesTests {
    static func subjects() throws -> [CLIBehaviourSubject] {
        let fixture = try BuiltProducts.executable("cli-kit-fixture")
        return [
            CLIBehaviourSubject(executable: fixture, subcommand: "greet"),
            CLIBehaviourSubject(executable: fixture, words: ["greet"], option: "--name"),
            CLIBehaviourSubject(
                executable: fixture, words: ["echo"], option: "--prefix", takesArguments: true),
        ]
    }

    @Test func everyCaseHoldsForTheFixture() async throws {
        for subject in try Self.subjects() {
            for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
        }
    }

    @Test func theFileHasCasesForEveryKindOfSubject() throws {
        let cases = try CLIBehaviour.cases()
        #expect(Set(cases.map(\.name)).count == cases.count, "case names are unique")
        for kind in [CLIBehaviourCase.Applies.command, .commandWithoutArguments, .group] {
            #expect(cases.contains { $0.applies == kind }, "\(kind)")
        }
    }

    /// A subject that breaks a convention is caught: the runner is a test that can fail.
    @Test func aWrongExpectationIsReported() async throws {
        let fixture = try BuiltProducts.executable("cli-kit-fixture")
        let subject = CLIBehaviourSubject(executable: fixture, words: ["greet"], option: "--times")
        let wrongOption = CLIBehaviourSubject(executable: fixture, words: ["greet"], option: "--nope")
        #expect(try await CLIBehaviour.check(subject).isEmpty)
        let failures = try await CLIBehaviour.check(wrongOption)
        #expect(failures.contains { $0.caseName == "missing-value" })
        #expect(failures.contains { $0.caseName == "unknown-option-near-a-known-one" })
    }

    @Test func theCommandsRunWhenUsedRight() async throws {
        let fixture = try BuiltProducts.executable("cli-kit-fixture")
        let greet = try await ChildProcess.run(fixture, ["greet", "--name=--ann", "--times", "2", "--shout"])
        #expect(greet.termination == .exited(0))
        #expect(greet.output == "HELLO, --ANN\nHELLO, --ANN\n")
        let echo = try await ChildProcess.run(fixture, ["echo", "--prefix", "> ", "--", "--help"])
        #expect(echo.output == "> --help\n")
        let bad = try await ChildProcess.run(fixture, ["greet", "--name", "x", "--times", "11"])
        #expect(bad.termination == .exited(64))
        #expect(
            bad.errors
                == "cli-kit-fixture: error: invalid value '11' for '--times'; expected an integer from 1 to 10\n"
        )
    }
}
