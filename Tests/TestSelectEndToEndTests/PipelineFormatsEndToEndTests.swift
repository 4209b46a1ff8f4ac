import Foundation
import TestSelectKit
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// The CI formats on real temporary repositories, through the built binary: the GitLab and Buildkite
/// pipelines must match the schemas those CIs publish (check-jsonschema's vendored copies, from the
/// environment `bash ci/check-workflows` makes), must reach the shell with every hostile name intact
/// and inert, and the Markdown report must hold a row per suite and the drawing of the packages.
@Suite struct PipelineFormatsEndToEndTests {
    /// The repository checkout holding this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A program of the CI tools' environment: `$TESTSELECT_CI_VENV/bin/NAME`, else
    /// `.build/ci-venv/bin/NAME` of this checkout. Missing, the test fails: these checks are part
    /// of the suite, not optional.
    static func ciTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let venv = ProcessInfo.processInfo.environment["TESTSELECT_CI_VENV"] ?? root + "/.build/ci-venv"
        let path = venv + "/bin/" + name
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "'\(path)' is missing: run 'bash ci/check-workflows' first (it installs check-jsonschema into .build/ci-venv)",
            sourceLocation: sourceLocation)
        return path
    }

    /// The fixture monorepo plus the hostile package in a hostile directory, committed; then a change
    /// to `packages/core` and to every hostile suite but the last (so its filter names the others).
    func writeRepository(_ repo: TemporaryRepository) throws {
        try repo.writeMonorepo()
        try HostileNames.writePackage(in: repo, directory: HostileNames.directory)
        try repo.git(
            "checkout", "--", "\(HostileNames.directory)/Tests/T\(HostileNames.all.count - 1)/Test.swift")
        try repo.touch("packages/core/Sources/Core/Core.swift")
    }

    /// `testselect ARGS --no-dump-package`, which must succeed; its standard output.
    func testselect(_ arguments: [String], in repo: TemporaryRepository) throws -> String {
        let output = try TestSelectBinary.run(arguments + ["--no-dump-package"], in: repo.root)
        #expect(output.status == 0, "testselect \(arguments): \(output.stderr)")
        return output.stdoutText
    }

    /// The outputs of a format worth checking: per package, sharded, and nothing selected.
    func outputs(_ format: String, in repo: TemporaryRepository) throws -> [String: String] {
        [
            "selected": try testselect(["--base", "main", "--format", format], in: repo),
            "sharded": try testselect(["--base", "main", "--format", format, "--shards", "3"], in: repo),
            "one-shard": try testselect(["--base", "main", "--format", format, "--shards", "1"], in: repo),
            "nothing": try testselect(["--base", "HEAD", "--head", "HEAD", "--format", format], in: repo),
        ]
    }

    /// A YAML document as JSON, read by ruamel.yaml (check-jsonschema's own YAML reader).
    func parseYAML(_ text: String) throws -> JSONValue {
        let program = """
            import json, sys
            from ruamel.yaml import YAML
            json.dump(YAML(typ="safe", pure=True).load(sys.stdin), sys.stdout)
            """
        let output = try SystemProcessRunner().run(
            try Self.ciTool("python"), ["-c", program], in: Self.root, input: Data(text.utf8),
            environment: [:])
        try #require(output.status == 0, "YAML did not parse: \(output.stderr)\n\(text.prefix(2000))")
        return try JSONValue.parse(output.stdoutText)
    }

    /// What `buildkite-agent pipeline upload` makes of a value: `\\` kept, `\$` and `$$` a `$`, `$(`
    /// kept, any other `$` an expansion (nil: a name would have been expanded).
    func buildkiteInterpolated(_ text: String) -> String? {
        var result = ""
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("\\\\") || rest.hasPrefix("$(") {
                result += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("\\$") || rest.hasPrefix("$$") {
                result += "$"
                rest = rest.dropFirst(2)
            } else if first == "$", rest.count > 1 {
                return nil
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    /// Runs script lines in a real shell with `swift` a function recording its arguments; the
    /// argument lists of each call.
    func swiftCalls(_ lines: [String], in directory: String) throws -> [[String]] {
        let script =
            "swift() { for a in \"$@\"; do printf '%s\\037' \"$a\"; done; printf '\\036'; }\n"
            + lines.joined(separator: "\n") + "\n"
        let output = try SystemProcessRunner().run(
            "/bin/sh", ["-c", script], in: directory, input: nil, environment: [:])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/pwned"))
        return output.stdoutText.split(separator: "\u{1E}").map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    @Test func gitlabAndBuildkitePipelinesMatchTheSchemasOfTheirCI() throws {
        let checker = try Self.ciTool("check-jsonschema")
        try withTemporaryRepository { repo in
            try writeRepository(repo)
            try withTemporaryDirectory { directory in
                for (format, schema) in [("gitlab", "vendor.gitlab-ci"), ("buildkite", "vendor.buildkite")] {
                    var files: [String] = []
                    for (name, text) in try outputs(format, in: repo).sorted(by: { $0.key < $1.key }) {
                        let file = "\(directory)/\(format)-\(name).yml"
                        try text.write(toFile: file, atomically: false, encoding: .utf8)
                        files.append(file)
                    }
                    let output = try SystemProcessRunner().run(
                        checker, ["--color", "never", "--builtin-schema", schema] + files, in: directory)
                    #expect(output.status == 0, "\(format): \(output.stdoutText)\(output.stderr)")
                }
                // The check can fail: a job with a misspelt keyword and a step key GitLab and Buildkite refuse.
                try "\"job\":\n  scripts:\n    - \"true\"\n".write(
                    toFile: directory + "/bad-gitlab.yml", atomically: false, encoding: .utf8)
                try "steps:\n  - key: \"a key\"\n    command: \"true\"\n".write(
                    toFile: directory + "/bad-buildkite.yml", atomically: false, encoding: .utf8)
                for (file, schema) in [
                    ("bad-gitlab.yml", "vendor.gitlab-ci"), ("bad-buildkite.yml", "vendor.buildkite"),
                ] {
                    let output = try SystemProcessRunner().run(
                        checker, ["--color", "never", "--builtin-schema", schema, file], in: directory)
                    #expect(output.status != 0, "\(file) should not match \(schema)")
                }
            }
        }
    }

    @Test func pipelinesRunEachPackageWithItsFilterAndEveryNameIntact() throws {
        try withTemporaryRepository { repo in
            try writeRepository(repo)
            let hostileFilter = CIFormatters.filter(for: HostileNames.all.dropLast().sorted())
            let hostileJUnit =
                ".build/junit/" + HostileNames.directory.replacingOccurrences(of: "/", with: "-") + ".xml"
            let expected = [
                [
                    "test", "--package-path", HostileNames.directory, "--filter", hostileFilter,
                    "--parallel", "--xunit-output", hostileJUnit,
                ],
                [
                    "test", "--package-path", "packages/core", "--parallel", "--xunit-output",
                    ".build/junit/packages-core.xml",
                ],
                [
                    "test", "--package-path", "services/app", "--parallel", "--xunit-output",
                    ".build/junit/services-app.xml",
                ],
                [
                    "test", "--package-path", "services/worker", "--parallel", "--xunit-output",
                    ".build/junit/services-worker.xml",
                ],
            ]
            let gitlab = try parseYAML(try testselect(["--base", "main", "--format", "gitlab"], in: repo))
            let jobs = try #require(gitlab.objectValue)
            #expect(
                jobs.map(\.0) == [
                    "test \(HostileNames.directory)", "test packages/core", "test services/app",
                    "test services/worker",
                ])
            let buildkite = try parseYAML(
                try testselect(["--base", "main", "--format", "buildkite"], in: repo))
            let steps = try #require(buildkite["steps"]?.arrayValue)
            #expect(steps.count == 4)
            #expect(
                steps.compactMap { $0["key"]?.stringValue } == [
                    "package-1", "package-2", "package-3", "package-4",
                ])
            try withTemporaryDirectory { directory in
                for (index, job) in jobs.enumerated() {
                    #expect(job.1["artifacts"]?["reports"]?["junit"] == .string(".build/junit/*.xml"))
                    let script = (job.1["script"]?.arrayValue ?? []).compactMap(\.stringValue)
                    #expect(try swiftCalls(script, in: directory) == [expected[index]], "gitlab job \(job.0)")
                }
                for (index, step) in steps.enumerated() {
                    #expect(step["artifact_paths"] == .string(".build/junit/*.xml"))
                    let label = try #require(step["label"]?.stringValue.flatMap(buildkiteInterpolated))
                    // Shown as it is, but for a backslash Buildkite cannot write before a `$` (one more).
                    func withoutBackslashes(_ text: String) -> String {
                        text.replacingOccurrences(of: "\\", with: "")
                    }
                    #expect(
                        withoutBackslashes(label) == withoutBackslashes(NameSafety.visible(jobs[index].0)))
                    let commands = (step["commands"]?.arrayValue ?? []).compactMap(\.stringValue)
                    let interpolated = commands.compactMap(buildkiteInterpolated)
                    #expect(
                        interpolated.count == commands.count, "Buildkite would expand a name: \(commands)")
                    #expect(
                        try swiftCalls(interpolated, in: directory) == [expected[index]],
                        "buildkite step \(index)")
                }
            }
        }
    }

    @Test func shardedPipelinesSplitAsTheMatrixDoesAndNothingSelectedIsOneJob() throws {
        try withTemporaryRepository { repo in
            try writeRepository(repo)
            let matrix = try JSONValue.parse(
                try testselect(["--base", "main", "--format", "github-matrix", "--shards", "3"], in: repo))
            let shards = try #require(matrix["include"]?.arrayValue)
            let gitlab = try #require(
                try parseYAML(
                    try testselect(["--base", "main", "--format", "gitlab", "--shards", "3"], in: repo)
                )
                .objectValue)
            let buildkite = try #require(
                try parseYAML(
                    try testselect(["--base", "main", "--format", "buildkite", "--shards", "3"], in: repo))[
                        "steps"]?.arrayValue)
            #expect(gitlab.count == shards.count)
            #expect(buildkite.count == shards.count)
            try withTemporaryDirectory { directory in
                for (index, shard) in shards.enumerated() {
                    let name = try #require(shard["shard"]?.stringValue)
                    #expect(gitlab[index].0.hasPrefix("shard \(name): "))
                    #expect(
                        buildkite[index]["key"]
                            == .string("shard-\(name.replacingOccurrences(of: "/", with: "-of-"))"))
                    // The shard's packages, each tested once, in the matrix's order.
                    let script = (gitlab[index].1["script"]?.arrayValue ?? []).compactMap(\.stringValue)
                    let calls = try swiftCalls(script, in: directory)
                    #expect(calls.map { $0[2] } == shard["packages"]?.arrayValue?.compactMap(\.stringValue))
                    #expect(script.last == "exit \"$failed\"" || calls.count == 1)
                }
            }
            for format in ["gitlab", "buildkite"] {
                let nothing = try parseYAML(
                    try testselect(["--base", "HEAD", "--head", "HEAD", "--format", format], in: repo))
                let jobs = format == "gitlab" ? nothing.objectValue?.map(\.1) : nothing["steps"]?.arrayValue
                #expect(jobs?.count == 1, "\(format): \(nothing.serialized())")
                let job = jobs?.first
                let command = format == "gitlab" ? job?["script"]?.arrayValue?.first : job?["command"]
                #expect(command == .string(PipelineJob.nothingToRun), "\(format): \(nothing.serialized())")
            }
        }
    }

    @Test func markdownHasARowPerSuiteAndDrawsThePackagesInvolved() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            let markdown = try testselect(["--base", "main", "--format", "markdown"], in: repo)
            let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.map(String.init)
            #expect(
                rows == [
                    "| package | suite | reasons |", "| --- | --- | --- |",
                    "| packages/core | CoreTests | dependency-changed: packages/core/Sources/Core/Core.swift (via Core) |",
                    "| services/app | AppCoreTests | dependency-changed: packages/core/Sources/Core/Core.swift (via AppCore -\\> Core) |",
                    "| services/app | AppLinuxTests | dependency-changed: packages/core/Sources/Core/Core.swift (via Core) |",
                    "| services/worker | WorkerTests | dependency-changed: packages/core/Sources/Core/Core.swift (via Worker -\\> Core) |",
                ])
            let block = try #require(
                markdown.components(separatedBy: "```mermaid\n").last?.components(separatedBy: "\n```").first)
            let lines = block.split(separator: "\n").map(String.init)
            #expect(lines.first == "flowchart LR")
            let nodes = Dictionary(
                uniqueKeysWithValues: lines.compactMap { line -> (String, String)? in
                    guard let open = line.firstIndex(of: "[") else { return nil }
                    return (line[..<open].trimmingCharacters(in: .whitespaces), String(line[open...]))
                })
            #expect(
                Set(nodes.values) == [
                    "[\"packages/core (core)\"]", "[\"services/app (app)\"]",
                    "[\"services/worker (worker)\"]",
                ])
            func node(_ label: String) -> String { nodes.first { $0.value == "[\"\(label)\"]" }?.key ?? "?" }
            let edges = Set(
                lines.filter { $0.contains("-->") }.map { $0.trimmingCharacters(in: .whitespaces) })
            let core = node("packages/core (core)")
            #expect(
                edges == [
                    "\(node("services/app (app)")) --> \(core)",
                    "\(node("services/worker (worker)")) --> \(core)",
                ])
            #expect(lines.contains("  class \(core) changed"))

            let nothing = try testselect(
                ["--base", "HEAD", "--head", "HEAD", "--format", "markdown"], in: repo)
            #expect(
                nothing.contains(
                    "Nothing to run: no test suite depends on what changed (0 of 5 suites selected)."))
            #expect(!nothing.contains("| package |"))
            #expect(!nothing.contains("```mermaid"))
        }
    }

    @Test func shardsWithAFormatWithoutJobsIsBadUsageAndHelpNamesEveryFormat() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            for format in ["markdown", "commands", "text"] {
                let output = try TestSelectBinary.run(["--format", format, "--shards", "2"], in: repo.root)
                #expect(output.status == 64)
                #expect(output.stderr.contains("'--shards' and '--format \(format)' cannot be used together"))
            }
            let typo = try TestSelectBinary.run(["--format", "gitlab-ci"], in: repo.root)
            #expect(typo.status == 64)
            #expect(typo.stderr.contains("text, json, github-matrix, commands, markdown, gitlab, buildkite"))
            let help = try TestSelectBinary.run(["--help"], in: repo.root)
            for line in [
                "  markdown ", "  gitlab ", "  buildkite ", "buildkite-agent pipeline upload",
                "trigger: include:",
            ] {
                #expect(help.stdoutText.contains(line), "\(line)")
            }
        }
    }
}
