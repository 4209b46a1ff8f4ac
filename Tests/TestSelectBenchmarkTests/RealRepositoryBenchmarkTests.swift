import Foundation
import TestSelectBenchmark
import TestSelectKit
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
