import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `testselect run --build-cache DIR` across fresh clones at one path, as CI runners get them: a
/// restored `.build` recompiles nothing when nothing changed, and every kind of change made after the
/// cache was saved (a path dependency's source, a resource, the manifest, `Package.resolved`) is in the
/// binary the tests run (they compare what it returns with `EXPECTED`). An entry for another path or
/// toolchain is not used, a damaged one is ignored with a warning, an unusable directory is a usage
/// error before anything builds.
@Suite(.serialized) struct BuildCacheEndToEndTests {
    /// A package at `app` using `packages/dep` by path and `remote` (a git repository beside the
    /// repository, tags 1.0.0 and 1.0.1) by URL, with a resource and a compile-time flag.
    static func files(remote: String) -> [String: String] {
        [
            ".gitignore": ".build/\n",
            "packages/dep/Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "dep", products: [.library(name: "Dep", targets: ["Dep"])], targets: [.target(name: "Dep")])
            """,
            "packages/dep/Sources/Dep/Dep.swift": "public func value() -> Int { 1 }\n",
            "app/Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "app",
                dependencies: [
                    .package(path: "../packages/dep"),
                    .package(url: "file://\(remote)", from: "1.0.0"),
                ],
                targets: [
                    .target(
                        name: "App",
                        dependencies: [.product(name: "Dep", package: "dep"), .product(name: "Remote", package: "remote")],
                        resources: [.copy("greeting.txt")],
                        swiftSettings: [.define("FLAVOUR_A")]),
                    .testTarget(name: "AppTests", dependencies: ["App"]),
                ]
            )
            """,
            "app/Sources/App/App.swift": """
            import Dep
            import Foundation
            import Remote

            public func describe() -> String {
                let url = Bundle.module.url(forResource: "greeting", withExtension: "txt")!
                let greeting = (try? String(contentsOf: url, encoding: .utf8)) ?? "?"
                #if FLAVOUR_A
                    let flavour = "A"
                #else
                    let flavour = "B"
                #endif
                return "\\(value())-\\(greeting.trimmingCharacters(in: .whitespacesAndNewlines))-\\(flavour)-\\(version())"
            }

            """,
            "app/Sources/App/greeting.txt": "hello\n",
            "app/Tests/AppTests/AppTests.swift": """
            import App
            import Foundation
            import Testing

            @Test func describesWhatItWasBuiltFrom() {
                #expect(describe() == ProcessInfo.processInfo.environment["EXPECTED"])
            }

            """,
        ]
    }

    /// The `remote` package: a git repository with tags 1.0.0 and 1.0.1, whose `version()` says which.
    static func makeRemote(at path: String) throws {
        let runner = SystemProcessRunner()
        func git(_ arguments: String...) throws {
            let output = try runner.run("git", arguments, in: path)
            guard output.status == 0 else {
                throw TemporaryRepositoryError.gitFailed(arguments: arguments, stderr: output.stderr)
            }
        }
        try FileManager.default.createDirectory(
            atPath: path + "/Sources/Remote", withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "remote", products: [.library(name: "Remote", targets: ["Remote"])],
            targets: [.target(name: "Remote")])
        """.write(toFile: path + "/Package.swift", atomically: true, encoding: .utf8)
        try git("init", "-q", "-b", "main")
        try git("config", "user.email", "tests@example.com")
        try git("config", "user.name", "Tests")
        for version in ["1.0.0", "1.0.1"] {
            try "public func version() -> String { \"\(version)\" }\n".write(
                toFile: path + "/Sources/Remote/Remote.swift", atomically: true, encoding: .utf8)
            try git("add", "-A")
            try git("commit", "-q", "-m", version)
            try git("tag", version)
        }
    }

    func run(
        _ repo: TemporaryRepository, cache: String, expected: String, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String, log: String) {
        let result = try TestSelectBinary.run(
            ["run", "--all", "--build-cache", cache], in: repo.root,
            environment: ["EXPECTED": expected].merging(environment) { $1 })
        let log =
            (try? String(contentsOfFile: repo.path(".build/testselect/logs/app.log"), encoding: .utf8)) ?? ""
        return (result.status, result.stdoutText + result.stderr, log)
    }

    /// The lines of a log that compiled a module of these packages (`Compiling Dep Dep.swift`).
    func compiled(_ log: String) -> [String] {
        log.split(separator: "\n").filter {
            $0.contains("Compiling") && !$0.contains("PackageDiscoveredTests") && !$0.contains("PackageTests")
        }.map(String.init)
    }

    @Test func everyChangeMadeAfterTheCacheWasSavedIsInTheBinaryAndNothingElseRecompiles() throws {
        try withTemporaryDirectory { base in
            try BuildCacheEndToEndTests.makeRemote(at: base + "/remote")
            let cache = base + "/cache"
            let checkout = base + "/checkout"
            try withTemporaryRepository(name: "origin") { origin in
                try origin.write(BuildCacheEndToEndTests.files(remote: base + "/remote"))
                // Package.resolved pins 1.0.1 (the newest); the other pin is kept for a change below.
                let resolve = SystemProcessRunner()
                _ = try resolve.run(
                    "swift", ["package", "--package-path", "app", "resolve"], in: origin.root)
                let newest = try String(contentsOfFile: origin.path("app/Package.resolved"), encoding: .utf8)
                _ = try resolve.run(
                    "swift", ["package", "--package-path", "app", "resolve", "remote", "--version", "1.0.0"],
                    in: origin.root)
                let older = try String(contentsOfFile: origin.path("app/Package.resolved"), encoding: .utf8)
                #expect(newest.contains("\"1.0.1\"") && older.contains("\"1.0.0\""))
                try origin.write("app/Package.resolved", newest)
                try origin.commitAll("an app, a path dependency and a remote one")

                func freshClone() throws -> TemporaryRepository {
                    try? FileManager.default.removeItem(atPath: checkout)
                    return try origin.clone(to: checkout)
                }

                // A cold build saves the cache.
                let first = try run(freshClone(), cache: cache, expected: "1-hello-A-1.0.1")
                #expect(first.status == 0, "\(first.output)\n\(first.log)")
                #expect(first.output.contains("build cache: no entry for this package here: none saved yet"))
                #expect(first.output.contains("build cache: saved .build"))
                #expect(!compiled(first.log).isEmpty)

                // A fresh clone, nothing changed: restored, and no module of the packages compiles.
                let same = try run(freshClone(), cache: cache, expected: "1-hello-A-1.0.1")
                #expect(same.status == 0, "\(same.output)\n\(same.log)")
                #expect(same.output.contains("build cache: restored .build (saved "))
                #expect(same.output.contains("files as they were, 0 changed since"))
                #expect(compiled(same.log).isEmpty, "\(compiled(same.log))")

                // Each change, uncommitted in a fresh clone, reaches the binary the tests run.
                let changes: [(String, (TemporaryRepository) throws -> Void, String)] = [
                    (
                        "a path dependency's source",
                        {
                            try $0.write(
                                "packages/dep/Sources/Dep/Dep.swift", "public func value() -> Int { 2 }\n")
                        }, "2-hello-A-1.0.1"
                    ),
                    (
                        "a resource", { try $0.write("app/Sources/App/greeting.txt", "bye\n") },
                        "1-bye-A-1.0.1"
                    ),
                    (
                        "the manifest",
                        { repo in
                            let manifest = try String(
                                contentsOfFile: repo.path("app/Package.swift"), encoding: .utf8)
                            try repo.write(
                                "app/Package.swift",
                                manifest.replacingOccurrences(of: "FLAVOUR_A", with: "FLAVOUR_B"))
                        }, "1-hello-B-1.0.1"
                    ),
                    ("Package.resolved", { try $0.write("app/Package.resolved", older) }, "1-hello-A-1.0.0"),
                    (
                        // A new file in a new folder: the restored build must plan it in.
                        "a new source file in a path dependency",
                        { repo in
                            try repo.write(
                                "packages/dep/Sources/Dep/Dep.swift",
                                "public func value() -> Int { extra() }\n")
                            try repo.write(
                                "packages/dep/Sources/Dep/More/Extra.swift", "func extra() -> Int { 3 }\n")
                        }, "3-hello-A-1.0.1"
                    ),
                ]
                for (kind, change, expected) in changes {
                    let repo = try freshClone()
                    try change(repo)
                    let changed = try run(repo, cache: cache, expected: expected)
                    #expect(changed.status == 0, "\(kind): \(changed.output)\n\(changed.log)")
                    #expect(changed.output.contains("build cache: restored .build (saved "), "\(kind)")
                    #expect(changed.output.contains("1 passed, 0 failed"), "\(kind)")
                }
            }
        }
    }

    @Test func anEntryForAnotherPathOrToolchainOrADamagedOneIsNotUsed() throws {
        try withTemporaryDirectory { base in
            try BuildCacheEndToEndTests.makeRemote(at: base + "/remote")
            let cache = base + "/cache"
            try withTemporaryRepository(name: "origin") { origin in
                try origin.write(BuildCacheEndToEndTests.files(remote: base + "/remote"))
                try origin.commitAll("an app")
                let expected = "1-hello-A-1.0.1"

                // An unusable directory (under a regular file) is bad usage, before anything builds.
                let file = base + "/plain-file"
                try "".write(toFile: file, atomically: true, encoding: .utf8)
                let unusable = try TestSelectBinary.run(
                    ["run", "--all", "--build-cache", file + "/cache"], in: origin.root)
                #expect(unusable.status == 64, "\(unusable.stdoutText)\n\(unusable.stderr)")
                #expect(unusable.stderr.contains("as the build cache ('--build-cache')"))
                #expect(!FileManager.default.fileExists(atPath: origin.path("app/.build")))

                let first = try origin.clone(to: base + "/one")
                #expect(try run(first, cache: cache, expected: expected).status == 0)

                // Another checkout path: the entry holds absolute paths.
                let elsewhere = try run(try origin.clone(to: base + "/two"), cache: cache, expected: expected)
                #expect(elsewhere.status == 0, "\(elsewhere.output)")
                #expect(
                    elsewhere.output.contains(
                        "no entry for this package here: 1 saved for another checkout path (\(base)/one/app), not used"
                    ), "\(elsewhere.output)")

                // Another toolchain ('swift --version' differs).
                let wrapper = base + "/other-swift"
                try writeExecutable(
                    "#!/bin/sh\nif [ \"$1\" = \"--version\" ]; then swift --version; echo patched; exit 0; fi\nexec swift \"$@\"\n",
                    to: wrapper)
                try FileManager.default.removeItem(atPath: base + "/one")
                let other = try run(
                    try origin.clone(to: base + "/one"), cache: cache, expected: expected,
                    environment: ["TESTSELECT_SWIFT": wrapper])
                #expect(other.status == 0, "\(other.output)")
                #expect(other.output.contains("for another toolchain"), "\(other.output)")

                // A truncated archive: a warning, and a build from scratch.
                let folder = cache + "/app"
                for name in try FileManager.default.contentsOfDirectory(atPath: folder)
                where name.hasSuffix(".tar") {
                    let handle = try #require(FileHandle(forWritingAtPath: folder + "/" + name))
                    try handle.truncate(atOffset: 4096)
                    try handle.close()
                }
                try FileManager.default.removeItem(atPath: base + "/one")
                let damaged = try run(try origin.clone(to: base + "/one"), cache: cache, expected: expected)
                #expect(damaged.status == 0, "\(damaged.output)")
                #expect(
                    damaged.output.contains("warning: build cache: ignored a damaged entry"),
                    "\(damaged.output)")
                #expect(!compiled(damaged.log).isEmpty)
            }
        }
    }
}
