import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// Runs the built `testselect` binary on temporary git repositories holding the fixture monorepo.
@Suite struct SelectionEndToEndTests {
    /// Applies a change to the working tree, runs `testselect --base main`, and restores the tree.
    func selection(
        in repo: TemporaryRepository, _ change: (TemporaryRepository) throws -> Void,
        arguments: [String] = ["--base", "main"]
    ) throws -> [String] {
        try change(repo)
        defer {
            _ = try? repo.git("reset", "-q", "--hard")
            _ = try? repo.git("clean", "-qfd")
        }
        return try TestSelectBinary.selectedSuites(arguments, in: repo.root)
    }

    @Test func editsInTheWorkingTree() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let core = [
                "packages/core:CoreTests", "services/app:AppCoreTests", "services/app:AppLinuxTests",
                "services/worker:WorkerTests",
            ]
            // An edit in a leaf target.
            #expect(
                try selection(in: repo) { try $0.touch("services/worker/Sources/Worker/Worker.swift") } == [
                    "services/worker:WorkerTests"
                ])
            // An edit in a shared package used by path from two others (and by a Linux-only conditional dependency).
            #expect(try selection(in: repo) { try $0.touch("packages/core/Sources/Core/Core.swift") } == core)
            // A plugin used by a target.
            #expect(
                try selection(in: repo) {
                    try $0.touch("packages/lint-plugin/Plugins/LintPlugin/Plugin.swift")
                } == ["services/app:AppCoreTests"])
            // A product ('UtilsKit') whose name differs from its targets, in a directory named unlike its package ('Utils').
            #expect(
                try selection(in: repo) {
                    try $0.touch("packages/shared-utils/Sources/UtilsExtras/Extras.swift")
                } == ["services/app:AppCoreTests"])
            // A staged change and an untracked file.
            let staged = try selection(in: repo) {
                try $0.touch("packages/shared-utils/Sources/Utils/Utils.swift")
                try $0.git("add", "-A")
                try $0.write("services/worker/Sources/Worker/Untracked.swift", "// new\n")
            }
            #expect(
                staged == [
                    "packages/shared-utils:UtilsTests", "services/app:AppCoreTests",
                    "services/worker:WorkerTests",
                ])
            // `Package.resolved` of a package.
            #expect(
                try selection(in: repo) { try $0.write("services/worker/Package.resolved", "{}\n") } == [
                    "services/worker:WorkerTests"
                ])
            // A file in no target, a root-level file and ignored Markdown select nothing.
            #expect(
                try selection(in: repo) {
                    try $0.touch("scripts/release.sh")
                    try $0.write("Makefile", "all:\n")
                    try $0.touch("README.md")
                } == [])
            // Markdown inside a target counts for it: 'ignore' applies only to files no target owns.
            #expect(
                try selection(in: repo) { try $0.write("packages/core/Sources/Core/Guide.md", "# guide\n") }
                    == core)
        }
    }

    @Test func unownedFilesAreListedAndIgnoredOnesAreNot() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("scripts/release.sh")
            try repo.write("Makefile", "all:\n")
            try repo.touch("README.md")
            let output = try TestSelectBinary.run(["--base", "main", "--format", "json"], in: repo.root)
            let json = try JSONValue.parse(output.stdoutText)
            #expect(json["unowned_files"] == .strings(["Makefile", "scripts/release.sh"]))
            #expect(json["changed_files"]?.arrayValue?.count == 3)
            #expect(json["head"] == .string("WORKTREE"))
            let text = try TestSelectBinary.run(["--base", "main"], in: repo.root).stdoutText
            #expect(text.contains("unowned files"))
            #expect(text.contains("  scripts/release.sh"))
            #expect(text.contains("selected 0 of 5 suites: nothing to run"))
        }
    }

    @Test func renamesDeletionsAndDeletedTargetsBetweenCommits() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.write(
                "packages/core/Sources/Core/Moving.swift",
                "public struct Moving { let a = 1, b = 2, c = 3 }\n")
            let base = try repo.commitAll()
            try repo.git(
                "mv", "packages/core/Sources/Core/Moving.swift", "services/worker/Sources/Worker/Moving.swift"
            )
            let renamed = try repo.commitAll("rename")
            let rename = try TestSelectBinary.selectedSuites(
                ["--base", base, "--head", renamed], in: repo.root)
            #expect(
                rename == [
                    "packages/core:CoreTests", "services/app:AppCoreTests", "services/app:AppLinuxTests",
                    "services/worker:WorkerTests",
                ])

            try repo.remove("services/worker/Sources/Worker/Worker.swift")
            let deleted = try repo.commitAll("delete a file")
            #expect(
                try TestSelectBinary.selectedSuites(["--base", renamed, "--head", deleted], in: repo.root)
                    == ["services/worker:WorkerTests"])

            // Delete the target 'UtilsExtras' (its files and its manifest entry): its former dependents run.
            try repo.remove("packages/shared-utils/Sources/UtilsExtras")
            let manifest = try String(
                contentsOfFile: repo.path("packages/shared-utils/Package.swift"), encoding: .utf8)
            try repo.write(
                "packages/shared-utils/Package.swift",
                manifest.replacingOccurrences(
                    of: "targets: [\"Utils\", \"UtilsExtras\"]", with: "targets: [\"Utils\"]"
                )
                .replacingOccurrences(
                    of: "        .target(name: \"UtilsExtras\", dependencies: [\"Utils\"]),\n", with: ""))
            let withoutTarget = try repo.commitAll("delete a target")
            let output = try TestSelectBinary.run(
                ["--base", deleted, "--head", withoutTarget, "--format", "json"], in: repo.root)
            let json = try JSONValue.parse(output.stdoutText)
            let app = json["selected"]?.arrayValue?.first { $0["target"] == .string("AppCoreTests") }
            let viaDeleted = app?["reasons"]?.arrayValue?.contains {
                $0["via"] == .strings(["AppCore", "UtilsExtras"])
            }
            #expect(viaDeleted == true)
        }
    }

    @Test func manifestsVariantsIfConfigAndAnUnevaluableManifest() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write(
                "services/worker/Package@swift-6.0.swift",
                """
                // swift-tools-version:6.0
                import PackageDescription

                #if os(Windows)
                let extra: [Target.Dependency] = [.product(name: "UtilsKit", package: "Utils")]
                #else
                let extra: [Target.Dependency] = []
                #endif

                let package = Package(
                    name: "worker",
                    dependencies: [
                        .package(path: "../../packages/core"),
                        .package(name: "Utils", path: "../../packages/shared-utils"),
                    ],
                    targets: [
                        .target(name: "Worker", dependencies: [.product(name: "Core", package: "core")] + extra),
                        .testTarget(name: "WorkerTests", dependencies: ["Worker"]),
                    ]
                )
                """)
            try repo.write(
                "packages/dynamic/Package.swift",
                """
                // swift-tools-version:5.9
                import Foundation
                import PackageDescription

                // Modules named after the directories on disk: only running the manifest tells.
                let modules = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources")) ?? []
                let package = Package(
                    name: "dynamic",
                    targets: modules.flatMap { [.target(name: $0), .testTarget(name: $0 + "Tests", dependencies: [.target(name: $0)])] })
                """)
            try repo.write("packages/dynamic/Sources/Dynamic/Dynamic.swift", "// dynamic\n")
            try repo.write("packages/dynamic/Tests/DynamicTests/DynamicTests.swift", "// tests\n")
            try repo.commitAll()
            // Only the version-specific manifest changes: its package and dependents run.
            #expect(
                try selection(in: repo) { try $0.touch("services/worker/Package@swift-6.0.swift") } == [
                    "services/worker:WorkerTests"
                ])
            // The '#if os(Windows)' branch counts too: a change in Utils selects the worker's tests.
            let utils = try selection(in: repo) {
                try $0.touch("packages/shared-utils/Sources/Utils/Utils.swift")
            }
            #expect(utils.contains("services/worker:WorkerTests"))
            // The manifest that lists a directory falls back to 'swift package dump-package' and is read exactly.
            #expect(
                try selection(in: repo) { try $0.touch("packages/dynamic/Sources/Dynamic/Dynamic.swift") }
                    == ["packages/dynamic:DynamicTests"])
            let graph = try TestSelectBinary.run(["graph", "--format", "json"], in: repo.root)
            let dynamic = try JSONValue.parse(graph.stdoutText)["packages"]?.arrayValue?.first {
                $0["package"]?["dir"] == .string("packages/dynamic")
            }
            #expect(dynamic?["package"]?["reader"] == .string("swiftpm"))
            let worker = try JSONValue.parse(graph.stdoutText)["packages"]?.arrayValue?.first {
                $0["package"]?["dir"] == .string("services/worker")
            }
            #expect(worker?["package"]?["manifest"] == .string("Package@swift-6.0.swift"))
            // Without the fallback the package is unreadable and runs on any change, with a named reason.
            let output = try TestSelectBinary.run(
                ["--base", "main", "--no-dump-package", "--changed-files", "-", "--format", "json"],
                in: repo.root, input: "scripts/release.sh\n")
            let json = try JSONValue.parse(output.stdoutText)
            let unreadable = json["selected"]?.arrayValue?.first {
                $0["package"] == .string("packages/dynamic")
            }
            #expect(unreadable?["target"] == .string("*"))
            #expect(unreadable?["reasons"]?.arrayValue?.first?["kind"] == .string("manifest-unreadable"))
            #expect(output.stderr.contains("cannot read the manifest of 'packages/dynamic'"))
            // The same warning is in the JSON, typed, where a CI script looks for it.
            let warning = json["warnings"]?.arrayValue?.first { $0["package"] == .string("packages/dynamic") }
            #expect(warning?["severity"] == .string("warning"))
            #expect(warning?["file"] == .string("packages/dynamic/Package.swift"))
            #expect(warning?["message"]?.stringValue?.contains("all its tests run on every change") == true)
        }
    }

    @Test func shallowCloneWithoutMergeBaseRunsEverything() throws {
        try withTemporaryRepository(name: "origin") { origin in
            try origin.writeMonorepo()
            try origin.git("checkout", "-q", "-b", "feature")
            try origin.touch("services/worker/Sources/Worker/Worker.swift")
            try origin.commitAll("feature")
            try origin.git("checkout", "-q", "main")
            try origin.touch("packages/core/Sources/Core/Core.swift")
            try origin.commitAll("main moves on")
            try withTemporaryDirectory { directory in
                let clone = directory + "/clone"
                try origin.git(
                    "clone", "-q", "--depth", "1", "--branch", "feature", "--no-single-branch",
                    "file://\(origin.root)", clone)
                let output = try TestSelectBinary.run(
                    ["--base", "origin/main", "--format", "json"], in: clone)
                #expect(output.status == 0)
                let json = try JSONValue.parse(output.stdoutText)
                #expect(json["run_all"] == .bool(true))
                #expect(
                    json["run_all_reasons"]?.arrayValue?.first?.stringValue?.contains("shallow clone") == true
                )
                #expect(json["selected"]?.arrayValue?.count == MonorepoFixture.suites.count)
            }
        }
    }
}
