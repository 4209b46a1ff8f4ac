import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `testselect run` and `--shards` in-process: validation, dry runs and the sharded matrix (nothing built).
@Suite struct RunCommandTests {
    func run(_ arguments: [String], in directory: String) -> (Int32, String, String) {
        let context = CommandContext(
            output: OutputStream(), errors: OutputStream(), currentDirectory: directory, environment: [:],
            readStandardInput: { "" }, now: { Date(timeIntervalSince1970: 1_800_000_000) },
            clock: ManualClock().clock)
        let status = TestSelectCLI.run(arguments, context: context)
        return (status, context.output.text, context.errors.text)
    }

    @Test func badUsageIsExitCode64() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let cases: [([String], String)] = [
                (["run", "--all", "--base", "main"], "'--all' and '--base' cannot be used together"),
                (["run", "--jobs", "0"], "invalid value '0' for '--jobs'"),
                (
                    ["run", "--shard", "3/2"],
                    "invalid value '3/2' for '--shard'; expected 'I/N' with 1 <= I <= N"
                ),
                (["run", "--junit", ""], "invalid value '' for '--junit'"),
                (["run", "--fail-fats"], "did you mean '--fail-fast'?"),
                (
                    ["--format", "json", "--shards", "2"],
                    "'--shards' and '--format json' cannot be used together"
                ),
                (["--format", "github-matrix", "--shards", "x"], "invalid value 'x' for '--shards'"),
            ]
            for (arguments, message) in cases {
                let (status, _, errors) = run(arguments, in: repo.root)
                #expect(status == 64, "\(arguments)")
                #expect(errors.contains(message), "\(arguments): \(errors)")
            }
            let (status, help, _) = run(["run", "--help"], in: repo.root)
            #expect(status == 0)
            #expect(help.contains("USAGE: testselect run [options]"))
            #expect(help.contains("--fail-fast"))
        }
    }

    @Test func dryRunShardsCoverEverySuiteExactlyOnce() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let (status, output, _) = run(["run", "--all", "--dry-run"], in: repo.root)
            #expect(status == 0)
            #expect(output.hasPrefix("would run 5 suites in 4 packages:\n"))
            #expect(output.contains("  services/app: AppCoreTests, AppLinuxTests (about "))
            #expect(output.contains("    swift test --package-path services/app\n"))
            for count in 1...4 {
                var suites: [String] = []
                for index in 1...count {
                    let (shardStatus, text, _) = run(
                        ["run", "--all", "--dry-run", "--shard", "\(index)/\(count)"], in: repo.root)
                    #expect(shardStatus == 0)
                    suites += dryRunSuites(text)
                }
                #expect(suites.sorted() == MonorepoFixture.suites, "\(count) shards")
            }
            let (_, sharded, _) = run(["run", "--all", "--dry-run", "--shard", "2/4"], in: repo.root)
            #expect(sharded.contains("(shard 2/4)"))
        }
    }

    @Test func selectedSuitesRunFilteredAndNothingSelectedRunsNothing() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let (_, nothing, _) = run(["run", "--base", "main"], in: repo.root)
            #expect(nothing.hasSuffix("nothing to run\n0 passed, 0 failed\n"))
            try repo.touch("services/app/Sources/AppCore/App.swift")
            let (status, output, _) = run(["run", "--base", "main", "--dry-run"], in: repo.root)
            #expect(status == 0)
            #expect(
                output.contains("    swift test --package-path services/app --filter '^(AppCoreTests)\\.'\n"))
            #expect(output.contains("selected 1 of 5 suites:"))
        }
    }

    @Test func theShardedMatrixMatchesTheShardsRunRuns() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            let durations = DurationStore(
                suites: ["services/app:AppCoreTests": 50, "packages/core:CoreTests": 5],
                builds: ["services/app": 10])
            try durations.save(to: repo.path("ci-durations.json"))
            let (status, matrix, errors) = run(
                [
                    "--base", "main", "--format", "github-matrix", "--shards", "3", "--durations",
                    "ci-durations.json",
                ],
                in: repo.root)
            #expect(status == 0, "\(errors)")
            let include = try JSONValue.parse(matrix)["include"]?.arrayValue ?? []
            #expect(include.map { $0["shard"]?.stringValue ?? "" } == ["1/3", "2/3", "3/3"])
            #expect(include[0]["suites"] == .strings(["services/app:AppCoreTests"]))
            #expect(include[0]["packages"] == .strings(["services/app"]))
            #expect(include[0]["estimated_seconds"] == .number(60))
            var fromMatrix: [String] = []
            for entry in include {
                let shard = entry["shard"]?.stringValue ?? ""
                let (_, text, _) = run(
                    [
                        "run", "--base", "main", "--dry-run", "--shard", shard, "--durations",
                        "ci-durations.json",
                    ],
                    in: repo.root)
                let suites = dryRunSuites(text)
                #expect(suites == (entry["suites"]?.arrayValue ?? []).compactMap(\.stringValue), "\(shard)")
                fromMatrix += suites
            }
            #expect(
                fromMatrix.sorted() == [
                    "packages/core:CoreTests", "services/app:AppCoreTests", "services/app:AppLinuxTests",
                    "services/worker:WorkerTests",
                ])
            // More shards than suites: empty shards are left out of the matrix.
            let (_, wide, _) = run(
                ["--base", "main", "--format", "github-matrix", "--shards", "9"], in: repo.root)
            #expect((try JSONValue.parse(wide)["include"]?.arrayValue ?? []).count == 4)
        }
    }

    /// The `directory:Target` suites listed by a `--dry-run`.
    func dryRunSuites(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> [String]? in
            guard line.hasPrefix("  "), !line.hasPrefix("    "), let colon = line.firstIndex(of: ":") else {
                return nil
            }
            let directory = line[line.index(line.startIndex, offsetBy: 2)..<colon]
            let rest = line[line.index(after: colon)...]
            let names = rest.prefix { $0 != "(" }.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return names.map { "\(directory):\($0)" }
        }.flatMap { $0 }.sorted()
    }
}
