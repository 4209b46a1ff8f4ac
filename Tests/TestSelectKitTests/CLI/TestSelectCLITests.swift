import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// The command line run in-process, with captured streams.
@Suite struct TestSelectCLITests {
    func run(_ arguments: [String], in directory: String, stdin: String = "") -> (Int32, String, String) {
        let context = CommandContext(
            output: OutputStream(), errors: OutputStream(), currentDirectory: directory, environment: [:],
            readStandardInput: { stdin }, now: { Date(timeIntervalSince1970: 1_800_000_000) },
            clock: ManualClock().clock)
        let status = TestSelectCLI.run(arguments, context: context)
        return (status, context.output.text, context.errors.text)
    }

    @Test func selectsFromStandardInputOnAPlainDirectory() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.remove(".git")
            let (status, output, errors) = run(
                ["--changed-files", "-", "--format", "commands", "--no-dump-package"], in: repo.root,
                stdin: "packages/shared-utils/Sources/Utils/Utils.swift\n")
            #expect(status == 0, "\(errors)")
            #expect(
                output == """
                    swift test --package-path packages/shared-utils --filter '^(UtilsTests)\\.'
                    swift test --package-path services/app --filter '^(AppCoreTests)\\.'

                    """)
        }
    }

    @Test func everyCommandHasHelpAndValidatesItsInput() throws {
        try withTemporaryDirectory { directory in
            let (status, output, _) = run(["help"], in: directory)
            #expect(status == 0)
            #expect(output.contains("graph"))
            #expect(output.contains("explain"))
            let (missing, _, missingErrors) = run(["explain"], in: directory)
            #expect(missing == 64)
            #expect(missingErrors == "testselect: error: missing argument <package:target>\n")
            let (malformed, _, malformedErrors) = run(["explain", "NoColon"], in: directory)
            #expect(malformed == 64)
            #expect(malformedErrors.contains("expected '<package dir>:<Target>'"))
            let (badRepo, _, badRepoErrors) = run(["graph", "--repo", directory + "/nope"], in: directory)
            #expect(badRepo == 64)
            #expect(badRepoErrors.contains("is not a directory"))
        }
    }

    @Test func anUnknownSubcommandIsAUsageErrorEvenBeforeHelp() throws {
        try withTemporaryDirectory { directory in
            let (status, output, errors) = run(["coverage", "--help"], in: directory)
            #expect(status == 64)
            #expect(output.isEmpty)
            #expect(
                errors
                    == "testselect: error: unexpected argument 'coverage': not a subcommand of 'testselect' (its subcommands: select, run, graph, explain, flakes, impact); see 'testselect --help'\n"
            )
            let (typo, _, typoErrors) = run(["rum"], in: directory)
            #expect(typo == 64)
            #expect(
                typoErrors.contains(
                    "unexpected argument 'rum': not a subcommand of 'testselect'; did you mean 'run'?"))
            let (help, helpOutput, _) = run(["--help"], in: directory)
            #expect(help == 0)
            #expect(helpOutput.hasPrefix("OVERVIEW: testselect picks"))
        }
    }
}
