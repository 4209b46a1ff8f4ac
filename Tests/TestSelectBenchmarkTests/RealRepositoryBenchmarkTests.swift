import Foundation
import TestSelectBenchmark
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// `testselect-bench repo` and `corpus` on a small repository of our own.
@Suite struct RealRepositoryBenchmarkTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Two packages: a library, and a service reading an environment variable to choose how it
    /// depends on it.
    static func writeRepository(_ repo: TemporaryRepository) throws {
        try repo.write([
            "lib/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "lib", products: [.library(name: "Lib", targets: ["Lib"])],
                targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])
            """,
            "lib/Sources/Lib/Lib.swift": "// lib\n",
            "lib/Tests/LibTests/LibTests.swift": "// tests\n",
            "app/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let local = Context.environment["TESTSELECT_BENCH_FIXTURE_REMOTE"] == nil
            let package = Package(
                name: "app",
                dependencies: local ? [.package(path: "../lib")] : [.package(url: "https://example.com/lib.git", from: "1.0.0")],
                targets: [.testTarget(name: "AppTests", dependencies: [.product(name: "Lib", package: "lib")])])
            """,
            "app/Tests/AppTests/AppTests.swift": "// tests\n",
        ])
        try repo.commitAll()
        try repo.touch("lib/Sources/Lib/Lib.swift")
        try repo.commitAll("change the library")
    }

    @Test func repoTimesSelectionColdAndWarmAndCountsHowManifestsWereRead() throws {
        try withTemporaryRepository(name: "fixture") { repo in
            try Self.writeRepository(repo)
            let lines = Lines()
            var benchmark = RepositoryBenchmark(
                testselect: try TestSelectBinary.path(), print: { lines.append($0) })
            benchmark.runs = 2
            let result = try benchmark.run(repository: repo.root)
            #expect(result.packages == 2)
            #expect(result.readStatically == 2)
            #expect(result.readBySwiftPM == 0)
            #expect(result.selected == 2)
            #expect(result.suites == 2)
            #expect(result.coldSeconds > 0 && result.warmSeconds > 0 && result.warmCPUSeconds > 0)
            #expect(lines.all.last == result.line)
            #expect(
                lines.all.last?.hasPrefix(
                    "bench-repo name=fixture packages=2 static=2 swiftpm=0 unreadable=0 ") == true)
        }
    }

    @Test func historyCountsTheSuitesEachChangeSelectsOnItsOwnTreeOrOnAnother() throws {
        try withTemporaryRepository(name: "fixture") { repo in
            try Self.writeRepository(repo)  // the root commit, then a change of the library
            try repo.touch("app/Tests/AppTests/AppTests.swift")
            let head = try repo.commitAll("change the app's tests")
            // A layout with one more suite in the library, on a branch of its own.
            try repo.write(
                "lib/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "lib", products: [.library(name: "Lib", targets: ["Lib"])],
                    targets: [
                        .target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"]),
                        .testTarget(name: "LibMoreTests", dependencies: ["Lib"]),
                    ])
                """)
            try repo.write("lib/Tests/LibMoreTests/MoreTests.swift", "// more\n")
            let split = try repo.commitAll("one more suite")
            _ = try repo.git("reset", "-q", "--hard", head)

            let lines = Lines()
            let own = try SelectionHistory(
                testselect: try TestSelectBinary.path(), repository: repo.root, limit: 10, on: nil,
                print: { lines.append($0) }
            ).run()
            // The root commit has no parent to compare with: two changes, newest first.
            #expect(own.map(\.selected) == [1, 2], "\(lines.all)")
            #expect(own.map(\.suites) == [2, 2])
            #expect(
                lines.all.last
                    == "bench-repo-history commits=2 mean_selected=1.50 mean_suites=2.00 share=0.750 run_all=0"
            )

            // Weighed by recorded durations: the app's change runs its 3 s suite; the library's
            // change runs both, the library's 1 s suite included.
            let file = repo.root + "/.git/durations.json"
            try #"{"schema": "testselect-durations/1", "suites": {"app:AppTests": 3, "lib:LibTests": 1}}"#
                .write(toFile: file, atomically: true, encoding: .utf8)
            let weighed = try SelectionHistory(
                testselect: try TestSelectBinary.path(), repository: repo.root, limit: 10, on: nil,
                durations: try DurationStore.load(from: file), print: { lines.append($0) }
            ).run()
            #expect(weighed.map(\.selectedSeconds) == [3, 4])
            #expect(weighed.map(\.allSeconds) == [4, 4])
            #expect(
                lines.all.last
                    == "bench-repo-history-seconds commits=2 mean_selected_s=3.5 mean_all_s=4.0 share=0.875")

            let other = try SelectionHistory(
                testselect: try TestSelectBinary.path(), repository: repo.root, limit: 10, on: split,
                print: { lines.append($0) }
            ).run()
            // The library's change now selects its second suite too.
            #expect(other.map(\.selected) == [1, 3], "\(lines.all)")
            #expect(other.map(\.suites) == [3, 3])
            let worktrees = try repo.git("worktree", "list").split(separator: "\n")
            #expect(worktrees.count == 1, "the scratch worktree is removed: \(worktrees)")

            // A revision the repository does not have is said as such before any work.
            let unknown = SelectionHistory(
                testselect: try TestSelectBinary.path(), repository: repo.root, limit: 10,
                on: "no-such-branch",
                print: { lines.append($0) })
            do {
                try unknown.run()
                Issue.record("an unknown revision was accepted")
            } catch {
                #expect("\(error)".hasPrefix("'--on no-such-branch' names no commit here"), "\(error)")
            }
        }
    }

    @Test func corpusComparesEveryPackageWithDumpPackage() throws {
        try withTemporaryRepository(name: "fixture") { repo in
            try Self.writeRepository(repo)
            let lines = Lines()
            let tally = try CorpusAgreement(print: { lines.append($0) }).run(repositories: [repo.root])
            #expect(tally.packages == 2)
            #expect(tally.identical == 2, "\(lines.all)")
            #expect(tally.differ == 0)
            #expect(lines.all.contains("identical fixture/app [Package.swift]"))
            #expect(
                lines.all.last?.hasPrefix(
                    "bench-corpus repositories=1 packages=2 static=2 static_pct=100.0 identical=2 ") == true)
        }
    }
}
