import Foundation
import Synchronization
import TestSelectKit
import TestSelectManifest
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

/// The result cache's fingerprints on real temporary git repositories: every kind of input a suite
/// has misses the cache when it changes, nothing else does, and a rebase keeps an untouched suite's
/// pass; the cache's files under concurrent writers; which suites of a run count as passed.
@Suite struct ResultCacheTests {
    static let extraFiles: [String: String] = [
        ".testselect.json": """
        {"global": [".swift-version", ".testselect.json"],
         "extraInputs": {"services/app:AppCoreTests": ["fixtures/app/*.json"]}}
        """,
        ".swift-version": "6.3\n",
        "fixtures/app/catalogue.json": "{\"items\": 1}\n",
        "packages/core/Sources/Core/Resources/strings.json": "{\"hello\": \"hi\"}\n",
        "services/app/Package.resolved": "{\"pins\": [], \"version\": 2}\n",
    ]

    /// The inputs of one suite of the repository's working tree.
    func inputs(_ suite: String, in repo: TemporaryRepository, toolchain: String = "Swift version 6.3") throws
        -> SuiteInputs
    {
        let workspace = try repo.workspace()
        let snapshot = try workspace.headSnapshot(revision: nil)
        let config = try workspace.config(of: snapshot)
        let git = try #require(workspace.git)
        let files = try git.workingTreeFiles()
        let fingerprints = try SuiteFingerprints(
            graph: try workspace.graph(of: snapshot, config: config), config: config,
            files: files.tracked + files.untracked, toolchain: toolchain, platform: "Linux x86_64",
            blobIDs: git.workingTreeBlobIDs(of:))
        let reference = try #require(SuiteReference(parsing: suite))
        return try #require(
            fingerprints.inputs(
                directory: reference.directory, target: reference.target, command: "swift test"))
    }

    /// Every suite's fingerprint.
    func fingerprints(in repo: TemporaryRepository) throws -> [String: String] {
        var result: [String: String] = [:]
        for suite in MonorepoFixture.suites { result[suite] = try inputs(suite, in: repo).fingerprint }
        return result
    }

    @Test(arguments: [
        (
            "a source file", "packages/core/Sources/Core/Core.swift",
            "file:packages/core/Sources/Core/Core.swift"
        ),
        (
            "a resource", "packages/core/Sources/Core/Resources/strings.json",
            "file:packages/core/Sources/Core/Resources/strings.json"
        ),
        ("an extra input", "fixtures/app/catalogue.json", "file:fixtures/app/catalogue.json"),
        ("a dependency's manifest", "packages/core/Package.swift", "manifest:packages/core/Package.swift"),
        ("Package.resolved", "services/app/Package.resolved", "manifest:services/app/Package.resolved"),
        ("a global file", ".swift-version", "global:.swift-version"),
        (
            "a test file", "services/app/Tests/AppCoreTests/AppTests.swift",
            "file:services/app/Tests/AppCoreTests/AppTests.swift"
        ),
    ])
    func eachKindOfInputChangeMissesTheCache(kind: String, path: String, input: String) throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files.merging(ResultCacheTests.extraFiles) { $1 })
            try repo.commitAll("monorepo")
            let before = try inputs("services/app:AppCoreTests", in: repo)
            let others = try fingerprints(in: repo)
            try repo.touch(path, line: "\n")
            let after = try inputs("services/app:AppCoreTests", in: repo)
            #expect(after.fingerprint != before.fingerprint, "\(kind) left the fingerprint as it was")
            #expect(after.differences(from: before) == ["changed \(input)"], "\(kind)")
            // Committing the change leaves the fingerprint alone: it is of content, not of history.
            try repo.commitAll("the change")
            #expect(try inputs("services/app:AppCoreTests", in: repo) == after)
            // A suite that cannot see the file keeps its fingerprint (every suite sees a global file).
            let now = try fingerprints(in: repo)
            #expect(
                (now["packages/shared-utils:UtilsTests"] == others["packages/shared-utils:UtilsTests"])
                    == !input.hasPrefix("global:"))
        }
    }

    @Test func theToolchainAndTheSuiteAreInputs() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let old = try inputs("services/app:AppCoreTests", in: repo, toolchain: "Swift version 6.3")
            let new = try inputs("services/app:AppCoreTests", in: repo, toolchain: "Swift version 6.3.1")
            #expect(new.differences(from: old) == ["changed toolchain"])
            let sibling = try inputs("services/app:AppLinuxTests", in: repo)
            #expect(sibling.fingerprint != old.fingerprint)
        }
    }

    @Test func whoSeesWhat() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files.merging(ResultCacheTests.extraFiles) { $1 })
            try repo.commitAll("monorepo")
            let before = try fingerprints(in: repo)
            // Core's manifest: every suite over Core, not Utils.
            try repo.touch("packages/core/Package.swift", line: "\n")
            var after = try fingerprints(in: repo)
            #expect(after["services/worker:WorkerTests"] != before["services/worker:WorkerTests"])
            #expect(after["packages/core:CoreTests"] != before["packages/core:CoreTests"])
            #expect(after["packages/shared-utils:UtilsTests"] == before["packages/shared-utils:UtilsTests"])
            try repo.git("checkout", "-q", "--", ".")
            // The app's Package.resolved: the app's suites only.
            try repo.touch("services/app/Package.resolved", line: "\n")
            after = try fingerprints(in: repo)
            #expect(after["services/app:AppLinuxTests"] != before["services/app:AppLinuxTests"])
            #expect(after["services/worker:WorkerTests"] == before["services/worker:WorkerTests"])
            try repo.git("checkout", "-q", "--", ".")
            // A global file: everything. An untracked new file the suite owns counts too; deleting it
            // again gives back the fingerprint.
            try repo.touch(".swift-version", line: "\n")
            after = try fingerprints(in: repo)
            #expect(MonorepoFixture.suites.allSatisfy { after[$0] != before[$0] })
            try repo.git("checkout", "-q", "--", ".")
            try repo.write("services/worker/Sources/Worker/New.swift", "import Core\n")
            #expect(
                try fingerprints(in: repo)["services/worker:WorkerTests"]
                    != before["services/worker:WorkerTests"])
            try repo.remove("services/worker/Sources/Worker/New.swift")
            #expect(try fingerprints(in: repo) == before)
        }
    }

    /// A context whose `swift --version` is a script's, and a fixed clock.
    func context(in repo: TemporaryRepository, swift: String) -> CommandContext {
        CommandContext(
            output: OutputStream(), errors: OutputStream(), currentDirectory: repo.root,
            environment: ["TESTSELECT_SWIFT": swift], readStandardInput: { "" },
            now: { Date(timeIntervalSince1970: 1_800_000_000) }, clock: ManualClock().clock)
    }

    /// A `swift` that prints this version.
    func fakeSwift(printing version: String, in directory: String) throws -> String {
        let path = directory + "/swift-\(abs(version.hashValue))"
        try writeExecutable("#!/bin/sh\necho '\(version)'\n", to: path)
        return path
    }

    func session(_ repo: TemporaryRepository, cache: String, swift: String, readOnly: Bool = false) throws
        -> ResultCacheSession
    {
        let workspace = try repo.workspace()
        let snapshot = try workspace.headSnapshot(revision: nil)
        let config = try workspace.config(of: snapshot)
        return try ResultCacheSession.open(
            directory: cache, readOnly: readOnly, workspace: workspace,
            graph: try workspace.graph(of: snapshot, config: config), config: config,
            context: context(in: repo, swift: swift))
    }

    static let plan = RunPlan(jobs: [
        PackageJob(directory: "packages/core", suites: ["CoreTests"], coversPackage: true),
        PackageJob(directory: "packages/shared-utils", suites: ["UtilsTests"], coversPackage: true),
        PackageJob(
            directory: "services/app", suites: ["AppCoreTests", "AppLinuxTests"], coversPackage: true),
        PackageJob(directory: "services/worker", suites: ["WorkerTests"], coversPackage: true),
    ])

    func passed(_ plan: RunPlan) -> [PackageRunResult] {
        plan.jobs.map { PackageRunResult(job: $0, outcome: .passed, logPath: "/dev/null") }
    }

    @Test func aRebaseKeepsTheUntouchedSuitesPassAndTheToolchainScriptDecides() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try withTemporaryDirectory { scratch in
                let cache = scratch + "/cache"
                let swift = try fakeSwift(printing: "Swift version 6.3 (swift-6.3-RELEASE)", in: scratch)
                // The pull request changes the worker; its first CI run passes everything.
                try repo.git("checkout", "-q", "-b", "pr")
                try repo.touch("services/worker/Sources/Worker/Worker.swift")
                try repo.commitAll("worker change")
                let first = try session(repo, cache: cache, swift: swift)
                #expect(first.split(ResultCacheTests.plan).cached.isEmpty)
                try first.record(passed(ResultCacheTests.plan))
                // main moves on (shared-utils changes); the pull request is rebased onto it.
                try repo.git("checkout", "-q", "main")
                try repo.touch("packages/shared-utils/Sources/Utils/Utils.swift")
                try repo.commitAll("utils change on main")
                try repo.git("checkout", "-q", "pr")
                try repo.git("rebase", "-q", "main")
                let second = try session(repo, cache: cache, swift: swift)
                let (plan, cached) = second.split(ResultCacheTests.plan)
                #expect(
                    cached.map(\.name).sorted() == [
                        "packages/core:CoreTests", "services/app:AppLinuxTests",
                        "services/worker:WorkerTests",
                    ])
                #expect(cached.allSatisfy { $0.run == "the run of 2027-01-15T08:00:00Z" })
                #expect(plan.jobs.map(\.directory) == ["packages/shared-utils", "services/app"])
                // The app's job keeps the suite over Utils only, so it no longer covers its package.
                #expect(plan.jobs.map(\.suites) == [["UtilsTests"], ["AppCoreTests"]])
                #expect(plan.jobs.map(\.coversPackage) == [true, false])
                // Another toolchain: nothing is cached.
                let newer = try fakeSwift(printing: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", in: scratch)
                #expect(
                    try session(repo, cache: cache, swift: newer).split(ResultCacheTests.plan).cached.isEmpty)
                // Read-only sessions record nothing.
                let readOnly = try session(repo, cache: cache, swift: newer, readOnly: true)
                try readOnly.record(passed(ResultCacheTests.plan))
                #expect(
                    try session(repo, cache: cache, swift: newer).split(ResultCacheTests.plan).cached.isEmpty)
            }
        }
    }

    @Test func theCacheNeedsGit() throws {
        try withTemporaryDirectory { directory in
            try MonorepoFixture.files["packages/core/Package.swift"]!.write(
                toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
            let context = CommandContext(
                output: OutputStream(), errors: OutputStream(), currentDirectory: directory, environment: [:],
                readStandardInput: { "" }, now: { Date(timeIntervalSince1970: 0) }, clock: ManualClock().clock
            )
            let status = TestSelectCLI.run(
                ["run", "--all", "--cache", directory + "/cache"], context: context)
            #expect(status == 64)
            #expect(context.errors.text.contains("'--cache' needs a git repository"))
        }
    }

    @Test func onlySuitesWhoseTestsAllPassedArePasses() {
        let job = PackageJob(directory: "p", suites: ["ATests", "Edge-Case-Tests", "CTests"])
        func result(_ outcome: PackageRunResult.Outcome, failing modules: [String], notRun: Int = 0)
            -> PackageRunResult
        {
            PackageRunResult(
                job: job, outcome: outcome,
                tests: modules.map {
                    TestCaseResult(module: $0, suite: "S", name: "t", status: .failed, seconds: 0)
                }
                    + [TestCaseResult(module: "CTests", suite: "S", name: "ok", status: .passed, seconds: 0)],
                testsNotRun: notRun, logPath: "/dev/null")
        }
        #expect(result(.passed, failing: []).passedSuites == ["ATests", "CTests", "Edge-Case-Tests"])
        #expect(result(.testsFailed, failing: ["Edge_Case_Tests"]).passedSuites == ["ATests", "CTests"])
        #expect(result(.testsFailed, failing: [""]).passedSuites.isEmpty)
        #expect(result(.testsFailed, failing: ["ATests"], notRun: 2).passedSuites.isEmpty)
        for outcome in [PackageRunResult.Outcome.crashed, .timedOut, .buildFailed, .cancelled, .notRun] {
            #expect(result(outcome, failing: []).passedSuites.isEmpty, "\(outcome)")
        }
    }

    @Test func concurrentWritersNeverLeaveHalfAFileAndTheSizeIsBounded() throws {
        try withTemporaryDirectory { directory in
            let cache = ResultCache(directory: directory, limit: 50)
            let inputs = (0..<8).map {
                SuiteInputs(values: ["suite": "p:T\($0)", "file:a": String(repeating: "x", count: 4000)])
            }
            let bad = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 16) { worker in
                for round in 0..<40 {
                    let mine = inputs[(worker + round) % inputs.count]
                    if worker % 2 == 0 {
                        try? cache.record(suite: mine.values["suite"]!, inputs: mine, run: "run \(worker)")
                    } else if let last = cache.lastPassingInputs(of: mine.values["suite"]!),
                        last.inputs != mine
                    {
                        bad.withLock { $0 += 1 }
                    }
                }
            }
            #expect(bad.withLock { $0 } == 0)
            for input in inputs { #expect(cache.pass(for: input) != nil) }
            let leftovers = try FileManager.default.subpathsOfDirectory(atPath: directory).filter {
                $0.hasSuffix(".tmp")
            }
            #expect(leftovers.isEmpty)
            // Beyond the limit, the oldest passes go.
            for index in 0..<60 {
                try cache.record(suite: "p:T", inputs: SuiteInputs(values: ["n": "\(index)"]), run: "r")
            }
            cache.prune()
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/passed").count == 50)
        }
    }

    @Test func hostileSuiteNamesMakePlainFileNames() throws {
        try withTemporaryDirectory { directory in
            let cache = ResultCache(directory: directory)
            let names = [
                "p:`rm -rf`", "p:$(id)", "p:../../etc", "p:a\nb", "p:é",
                "p:" + String(repeating: "x", count: 10_000),
            ]
            for name in names {
                let inputs = SuiteInputs(values: ["suite": name])
                try cache.record(suite: name, inputs: inputs, run: "r")
                #expect(cache.lastPassingInputs(of: name)?.inputs == inputs)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/suites")
            #expect(files.count == names.count)
            #expect(files.allSatisfy { $0.count < 120 && !$0.contains("/") && $0.allSatisfy(\.isASCII) })
        }
    }
}
