import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// Formats, subcommands, help and exit codes of the built binary.
@Suite struct CommandLineEndToEndTests {
    @Test func ciFormatsAndExplain() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            let matrix = try TestSelectBinary.run(
                ["--base", "main", "--format", "github-matrix"], in: repo.root)
            #expect(matrix.status == 0)
            let include = try JSONValue.parse(matrix.stdoutText)["include"]?.arrayValue ?? []
            #expect(
                include.map { $0["package"]?.stringValue ?? "" } == [
                    "packages/core", "services/app", "services/worker",
                ])
            #expect(include[1]["targets"] == .strings(["AppCoreTests", "AppLinuxTests"]))
            #expect(include[1]["filter"] == .string("^(AppCoreTests|AppLinuxTests)\\."))

            let commands = try TestSelectBinary.run(
                ["--base", "main", "--format", "commands"], in: repo.root)
            #expect(
                commands.stdoutText == """
                    swift test --package-path packages/core --filter '^(CoreTests)\\.'
                    swift test --package-path services/app --filter '^(AppCoreTests|AppLinuxTests)\\.'
                    swift test --package-path services/worker --filter '^(WorkerTests)\\.'

                    """)

            let explain = try TestSelectBinary.run(
                ["explain", "services/app:AppCoreTests", "--base", "main"], in: repo.root)
            #expect(explain.status == 0)
            #expect(explain.stdoutText.contains("services/app:AppCoreTests is selected"))
            #expect(explain.stdoutText.contains("packages/core/Sources/Core/Core.swift changed (modified)"))
            #expect(explain.stdoutText.contains("-> packages/core:Core owns it"))
            #expect(
                explain.stdoutText.contains("-> services/app:AppCore depends on Core through product 'Core'"))
            #expect(explain.stdoutText.contains("-> services/app:AppCoreTests depends on AppCore directly"))

            let notSelected = try TestSelectBinary.run(
                ["explain", "packages/shared-utils:UtilsTests", "--base", "main"], in: repo.root)
            #expect(notSelected.stdoutText.contains("is not selected"))

            let typo = try TestSelectBinary.run(
                ["explain", "services/app:AppCorTests", "--base", "main"], in: repo.root)
            #expect(typo.status == 64)
            #expect(typo.stderr.contains("did you mean 'services/app:AppCoreTests'?"))
        }
    }

    @Test func graphFormatsWorkOnAPlainDirectory() throws {
        try withTemporaryDirectory { directory in
            for (path, contents) in MonorepoFixture.files {
                let url = URL(fileURLWithPath: directory + "/" + path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, atomically: false, encoding: .utf8)
            }
            try FileManager.default.createDirectory(
                atPath: directory + "/.build/checkouts/dep", withIntermediateDirectories: true)
            try "// swift-tools-version:5.9\n".write(
                toFile: directory + "/.build/checkouts/dep/Package.swift", atomically: false, encoding: .utf8)

            let json = try TestSelectBinary.run(["graph", "--repo", directory, "--format", "json"], in: "/")
            #expect(json.status == 0)
            let packages = try JSONValue.parse(json.stdoutText)["packages"]?.arrayValue ?? []
            #expect(
                packages.map { $0["package"]?["dir"]?.stringValue ?? "" } == [
                    "packages/core", "packages/lint-plugin", "packages/shared-utils", "services/app",
                    "services/worker",
                ])
            let app = packages[3]
            #expect(app["schema"] == .string("testselect-graph/1"))
            #expect(app["dependencies"]?.arrayValue?[1]["resolved_dir"] == .string("packages/shared-utils"))
            #expect(app["dependencies"]?.arrayValue?[1]["identity"] == .string("shared-utils"))
            #expect(app["targets"]?.arrayValue?[0]["path"] == .string("Sources/AppCore"))

            let dot = try TestSelectBinary.run(["graph", "--repo", directory, "--format", "dot"], in: "/")
            #expect(dot.stdoutText.hasPrefix("digraph testselect {"))
            let mermaid = try TestSelectBinary.run(
                ["graph", "--repo", directory, "--format", "mermaid"], in: "/")
            #expect(mermaid.stdoutText.hasPrefix("flowchart LR"))
        }
    }

    @Test func diagramsHighlightTheSelection() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("services/worker/Sources/Worker/Worker.swift")
            let mermaid = try TestSelectBinary.run(
                ["graph", "--format", "mermaid", "--base", "main"], in: repo.root)
            #expect(mermaid.stdoutText.contains("classDef selected"))
            #expect(mermaid.stdoutText.contains(" changed\n"))
            let dot = try TestSelectBinary.run(["graph", "--format", "dot", "--base", "main"], in: repo.root)
            #expect(dot.stdoutText.contains("fillcolor=\"#ffd966\""))
        }
    }

    @Test func helpAndExitCodes() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            for arguments in [
                ["--help"], ["graph", "--help"], ["explain", "-h"], ["select", "--help"], ["help", "graph"],
            ] {
                let output = try TestSelectBinary.run(arguments, in: repo.root)
                #expect(output.status == 0, "\(arguments)")
                #expect(output.stdoutText.contains("OVERVIEW:"), "\(arguments)")
            }
            let unknownOption = try TestSelectBinary.run(["--bse", "main"], in: repo.root)
            #expect(unknownOption.status == 64)
            #expect(unknownOption.stderr.hasPrefix("testselect: error: unknown option '--bse'"))
            #expect(unknownOption.stderr.contains("did you mean '--base'?"))

            let badFormat = try TestSelectBinary.run(["--format", "yaml"], in: repo.root)
            #expect(badFormat.status == 64)

            let unknownRevision = try TestSelectBinary.run(["--base", "nope"], in: repo.root)
            #expect(unknownRevision.status == 64)
            #expect(
                unknownRevision.stderr
                    == "testselect: error: unknown revision 'nope'; check the name, or fetch it first (e.g. 'git fetch origin')\n"
            )

            try repo.write(".testselect.json", "{\"globl\": [\"ci/**\"]}")
            let badConfig = try TestSelectBinary.run(["--base", "main"], in: repo.root)
            #expect(badConfig.status == 64)
            #expect(badConfig.stderr.contains("unknown key 'globl'; did you mean 'global'?"))
            try repo.remove(".testselect.json")

            try withTemporaryDirectory { directory in
                let notGit = try TestSelectBinary.run(["--repo", directory], in: directory)
                #expect(notGit.status == 64)
                #expect(notGit.stderr.contains("is not inside a git repository"))
            }
        }
    }

    @Test func configExtraInputsAlwaysRunAndGlobals() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.write(
                ".testselect.json",
                """
                {
                  "global": [".swift-version", "ci/**", ".ci/**"],
                  "extraInputs": {
                    "packages/shared-utils:Utils": ["data/mappings/*.json"],
                    "packages/not-yet:Fixtures": ["packages/not-yet/Mappings/*.json"]
                  },
                  "alwaysRun": ["services/worker:WorkerTests"]
                }
                """)
            try repo.write("data/mappings/assets.json", "{}\n")
            try repo.commitAll("config")
            try repo.touch("data/mappings/assets.json", line: "{\"a\": 1}")
            let output = try TestSelectBinary.run(["--base", "main", "--format", "json"], in: repo.root)
            #expect(output.status == 0)
            #expect(
                output.stderr.contains(
                    "testselect: warning: '.testselect.json': 'extraInputs' names 'packages/not-yet:Fixtures'"
                ))
            let json = try JSONValue.parse(output.stdoutText)
            let selected = (json["selected"]?.arrayValue ?? []).map {
                "\($0["package"]?.stringValue ?? ""):\($0["target"]?.stringValue ?? "")"
            }
            #expect(
                selected == [
                    "packages/shared-utils:UtilsTests", "services/app:AppCoreTests",
                    "services/worker:WorkerTests",
                ])
            let kinds = (json["selected"]?.arrayValue ?? []).map {
                $0["reasons"]?.arrayValue?.first?["kind"]?.stringValue ?? ""
            }
            #expect(kinds == ["extra-input", "extra-input", "always-run"])
            #expect(json["unowned_files"] == .strings([]))

            try repo.git("checkout", "-q", "--", ".")
            try repo.write("ci/test-all", "#!/bin/sh\n")
            let global = try TestSelectBinary.run(["--base", "main", "--format", "json"], in: repo.root)
            #expect(try JSONValue.parse(global.stdoutText)["run_all"] == .bool(true))
        }
    }
}
