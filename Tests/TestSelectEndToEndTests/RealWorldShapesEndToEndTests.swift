import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// The built binary on temporary repositories shaped like public ones: nested packages that use
/// the enclosing one by `path: ".."`, manifests that read the environment or use closures,
/// Markdown that tests read, DocC catalogs, and a directory git does not show.
@Suite struct RealWorldShapesEndToEndTests {
    /// The enclosing package `outer-kit` and, in `Benchmarks/`, a package using it by `path: ".."`
    /// whose targets come from the directories on disk (so only SwiftPM can read it).
    static let files: [String: String] = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "outer-kit",
            products: [.library(name: "OuterKit", targets: ["OuterKit"])],
            targets: [
                .target(name: "OuterKit"),
                .testTarget(name: "OuterKitTests", dependencies: ["OuterKit"], resources: [.process("Fixtures/Document.md")]),
            ]
        )
        """,
        "Sources/OuterKit/OuterKit.swift": "public enum OuterKit {}\n",
        "Sources/OuterKit/OuterKit.docc/Article.md": "# An article\n",
        "Tests/OuterKitTests/OuterKitTests.swift": "// tests\n",
        "Tests/OuterKitTests/Fixtures/Document.md": "# A fixture the tests read\n",
        "Tests/OuterKitTests/Golden/expected.md": "# A fixture under Tests/ that no rule names\n",
        "Benchmarks/Package.swift": """
        // swift-tools-version:5.9
        import Foundation
        import PackageDescription

        // One benchmark target per directory on disk: only running the manifest tells which.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Benchmarks")) ?? []
        let package = Package(
            name: "benchmarks",
            dependencies: [.package(path: "..")],
            targets: names.map { .executableTarget(name: $0, dependencies: [.product(name: "OuterKit", package: "outer-kit")], path: "Benchmarks/\\($0)") }
                + [.testTarget(name: "BenchmarkTests", dependencies: [.product(name: "OuterKit", package: "outer-kit")])]
        )
        """,
        "Benchmarks/Benchmarks/Speed/main.swift": "// speed\n",
        "Benchmarks/Tests/BenchmarkTests/BenchmarkTests.swift": "// tests\n",
        "README.md": "# outer-kit\n",
    ]

    /// The enclosing package alone.
    static var library: [String: String] { files.filter { !$0.key.hasPrefix("Benchmarks/") } }

    /// A `swift` that logs each `dump-package` it runs, then runs the real one.
    static func loggingSwift(in directory: String) throws -> (swift: String, log: String) {
        let log = directory + "/swift-calls.log"
        let script = directory + "/swift"
        try writeExecutable(
            "#!/bin/sh\ncase \"$*\" in *dump-package*) echo \"$*\" >> '\(log)';; esac\nexec swift \"$@\"\n",
            to: script)
        return (script, log)
    }

    func dumpCount(_ log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test func aNestedPackageUsingItsParentByPathIsReadByTheFallbackOncePerManifest() throws {
        try withTemporaryRepository(name: "outer-kit") { repo in
            try repo.write(Self.files)
            try repo.commitAll()
            let (swift, log) = try Self.loggingSwift(in: repo.root + "/..")
            let environment = ["TESTSELECT_SWIFT": swift]
            try repo.touch("Sources/OuterKit/OuterKit.swift")
            let output = try TestSelectBinary.run(
                ["--base", "main", "--format", "json"], in: repo.root, environment: environment)
            #expect(output.status == 0, "\(output.stderr)")
            let json = try JSONValue.parse(output.stdoutText)
            let selected = Set(
                (json["selected"]?.arrayValue ?? []).compactMap { suite -> String? in
                    guard let package = suite["package"]?.stringValue,
                        let target = suite["target"]?.stringValue
                    else { return nil }
                    return "\(package):\(target)"
                })
            // The nested package was read (not 'unreadable'): exactly its test suite runs, with the parent's.
            #expect(selected == [".:OuterKitTests", "Benchmarks:BenchmarkTests"])
            #expect(!output.stderr.contains("cannot read the manifest"))
            #expect(dumpCount(log) == 1)
            // A second run spawns no SwiftPM: the answer is kept under .build/testselect/manifests.
            _ = try TestSelectBinary.run(
                ["--base", "main", "--format", "json"], in: repo.root, environment: environment)
            #expect(dumpCount(log) == 1)
            // The graph names the parent by its directory, as SwiftPM does, and resolves it.
            let graph = try JSONValue.parse(
                try TestSelectBinary.run(
                    ["graph", "--format", "json"], in: repo.root, environment: environment
                )
                .stdoutText)
            let nested = graph["packages"]?.arrayValue?.first {
                $0["package"]?["dir"] == .string("Benchmarks")
            }
            #expect(nested?["package"]?["reader"] == .string("swiftpm"))
            #expect(nested?["dependencies"]?.arrayValue?.first?["identity"] == .string("outer-kit"))
            #expect(nested?["dependencies"]?.arrayValue?.first?["resolved_dir"] == .string("."))
            #expect(
                nested?["targets"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == [
                    "Speed", "BenchmarkTests",
                ])
        }
    }

    @Test func aCommittedManifestIsReadByTheFallbackInAMirrorOfTheRepository() throws {
        try withTemporaryRepository(name: "outer-kit") { repo in
            try repo.write(Self.files)
            try repo.commitAll()
            try repo.touch("Sources/OuterKit/OuterKit.swift")
            try repo.commitAll("change the library")
            let (swift, log) = try Self.loggingSwift(in: repo.root + "/..")
            // Head and base are commits: their manifests are dumped at their relative paths in a
            // temporary mirror named like the repository, so `path: ".."` still names 'outer-kit'.
            let suites = try TestSelectBinary.selectedSuites(
                ["--base", "HEAD~1", "--head", "HEAD", "--no-dump-package"], in: repo.root)
            #expect(suites.contains("Benchmarks:*"))  // without SwiftPM: unreadable, so all of it runs
            let output = try TestSelectBinary.run(
                ["--base", "HEAD~1", "--head", "HEAD", "--format", "json"], in: repo.root,
                environment: ["TESTSELECT_SWIFT": swift])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdoutText.contains("\"BenchmarkTests\""))
            #expect(!output.stdoutText.contains("\"*\""))
            #expect(dumpCount(log) >= 1)
        }
    }

    @Test func environmentChecksAndClosuresSelectForEveryEnvironment() throws {
        try withTemporaryRepository(name: "services") { repo in
            try repo.write([
                "packages/lib/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "lib", products: [.library(name: "Lib", targets: ["Lib"])],
                    targets: [.target(name: "Lib")])
                """,
                "packages/lib/Sources/Lib/Lib.swift": "// lib\n",
                "services/api/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "api",
                    targets: ["Handlers", "Models"].map { .target(name: $0, dependencies: [.product(name: "Lib", package: "lib")]) }
                        + [.testTarget(name: "APITests", dependencies: ["Handlers", "Models"])]
                )
                // CI builds against the local checkout; developers against a release.
                if Context.environment["USE_LOCAL_LIB"] == nil {
                    package.dependencies += [.package(url: "https://example.com/lib.git", from: "1.0.0")]
                } else {
                    package.dependencies += [.package(path: "../../packages/lib")]
                }
                """,
                "services/api/Sources/Handlers/Handlers.swift": "// handlers\n",
                "services/api/Sources/Models/Models.swift": "// models\n",
                "services/api/Tests/APITests/APITests.swift": "// tests\n",
            ])
            try repo.commitAll()
            try repo.touch("packages/lib/Sources/Lib/Lib.swift")
            // Whether or not the variable is set where testselect runs, the dependent suite runs.
            for environment in [[:], ["USE_LOCAL_LIB": "1"]] {
                let output = try TestSelectBinary.run(
                    ["--base", "main", "--format", "json", "--no-dump-package"], in: repo.root,
                    environment: environment)
                #expect(output.status == 0, "\(output.stderr)")
                #expect(output.stdoutText.contains("\"APITests\""))
            }
            // The graph is what SwiftPM reads with this environment, and says which variables it read.
            let graph = try JSONValue.parse(
                try TestSelectBinary.run(["graph", "--format", "json"], in: repo.root).stdoutText)
            let api = graph["packages"]?.arrayValue?.first {
                $0["package"]?["dir"] == .string("services/api")
            }
            #expect(api?["package"]?["environment_reads"] == .strings(["USE_LOCAL_LIB"]))
            #expect(api?["package"]?["reader"] == nil)
            #expect(api?["dependencies"]?.arrayValue?.first?["kind"] == .string("url"))
        }
    }

    @Test func markdownATargetOwnsSelectsItsSuitesWhateverIgnoreSays() throws {
        try withTemporaryRepository(name: "outer-kit") { repo in
            try repo.write(Self.library)
            try repo.commitAll()
            for fixture in [
                "Tests/OuterKitTests/Fixtures/Document.md", "Tests/OuterKitTests/Golden/expected.md",
            ] {
                try repo.touch(fixture)
                let suites = try TestSelectBinary.selectedSuites(
                    ["--base", "main", "--no-dump-package"], in: repo.root)
                #expect(suites == [".:OuterKitTests"], "\(fixture)")
                _ = try repo.git("checkout", "-q", "--", fixture)
            }
            // An unowned Markdown file is still ignored (the default '*.md').
            try repo.touch("README.md")
            let readme = try TestSelectBinary.run(
                ["--base", "main", "--no-dump-package", "--format", "json"], in: repo.root)
            let json = try JSONValue.parse(readme.stdoutText)
            #expect(json["selected"]?.arrayValue?.isEmpty == true)
            #expect(json["unowned_files"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aDocCArticleIsDocumentationUnlessTheConfigurationSaysOtherwise() throws {
        try withTemporaryRepository(name: "outer-kit") { repo in
            try repo.write(Self.library)
            try repo.commitAll()
            try repo.touch("Sources/OuterKit/OuterKit.docc/Article.md")
            let output = try TestSelectBinary.run(
                ["--base", "main", "--no-dump-package", "--format", "json"], in: repo.root)
            let json = try JSONValue.parse(output.stdoutText)
            #expect(json["selected"]?.arrayValue?.isEmpty == true)
            #expect(json["documentation_files"] == .strings(["Sources/OuterKit/OuterKit.docc/Article.md"]))
            let text = try TestSelectBinary.run(["--base", "main", "--no-dump-package"], in: repo.root)
            #expect(text.stdoutText.contains("documentation (SwiftPM neither builds nor bundles it"))
            // With 'documentation' emptied, the catalog counts for its target like any other file.
            try repo.write(".testselect.json", #"{"documentation": []}"#)
            _ = try repo.git("add", ".testselect.json")
            try repo.commitAll("configure")
            try repo.touch("Sources/OuterKit/OuterKit.docc/Article.md")
            let owned = try TestSelectBinary.selectedSuites(
                ["--base", "main", "--no-dump-package"], in: repo.root)
            #expect(owned == [".:OuterKitTests"])
        }
    }

    @Test func aDirectoryWithNoManifestGitCanSeeIsAnError() throws {
        try withTemporaryRepository(name: "outer") { repo in
            try repo.write(".gitignore", "scratch/\n")
            try repo.write(
                "scratch/pkg/Package.swift",
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"pkg\")\n"
            )
            try repo.commitAll()
            for command in [["--base", "main"], ["graph"]] {
                let output = try TestSelectBinary.run(command + ["--repo", "scratch/pkg"], in: repo.root)
                #expect(output.status == 64)
                #expect(output.stdoutText.isEmpty)
                #expect(output.stderr.contains("no Swift package in"))
                #expect(
                    output.stderr.contains(
                        "'scratch/pkg/Package.swift' exists but git ignores it (.gitignore:1:scratch/)"))
            }
        }
    }
}
