import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// What `--retries` and the quarantine do to results, short of running `swift test` (the end-to-end
/// tests run it): the filter that reruns one test, how a rerun's results merge, what counts as
/// flaky, quarantined and cached, and the flakes file.
@Suite struct RetriesTests {
    func test(
        _ module: String, _ suite: String, _ name: String, _ status: TestCaseResult.Status,
        message: String? = nil
    ) -> TestCaseResult {
        TestCaseResult(
            module: module, suite: suite, name: name, status: status, seconds: 0.1, message: message)
    }

    func matches(_ pattern: String, _ id: String) throws -> Bool {
        try Regex(pattern).firstMatch(in: id) != nil
    }

    @Test func eachTestsFilterMatchesItAloneInBothFrameworks() throws {
        let xctest = test("Lib_Tests", "MathXCTests", "testAdd", .failed).filterPattern
        #expect(try matches(xctest, "Lib_Tests.MathXCTests/testAdd"))
        #expect(try !matches(xctest, "Lib_Tests.MathXCTests/testAddsMore"))
        #expect(try !matches(xctest, "Other.Lib_Tests.MathXCTests/testAdd"))

        let nested = test("LibTests", "Outer.Inner", "adds(value:)", .failed).filterPattern
        #expect(try matches(nested, "LibTests.Outer/Inner/adds(value:)"))
        #expect(try matches(nested, "LibTests.Outer/Inner/adds(value:)/LibTests.swift:12:6"))
        #expect(try !matches(nested, "LibTests.Outer/Inner/adds(value:other:)"))
        #expect(try !matches(nested, "LibTests.Outer/adds(value:)"))

        let free = test("LibTests", "", "free()", .failed).filterPattern
        #expect(try matches(free, "LibTests.free()"))
        #expect(try !matches(free, "LibTests.freeToo()"))
        #expect(try !matches(free, "LibTestsXfree()"))
    }

    @Test func aFailureThatPassesWhenRunAgainIsFlakyAndThePackagePasses() {
        let initial = PackageRunResult(
            job: PackageJob(directory: "pkg", suites: ["LibTests"]), outcome: .testsFailed,
            tests: [
                test("LibTests", "A", "testOne", .failed, message: "first"),
                test("LibTests", "A", "testTwo", .passed),
            ], logPath: "/nonexistent", note: "failed")
        let merged = PackageTestRunner.merging([test("LibTests", "A", "testOne", .passed)], into: initial)
        #expect(merged.outcome == .passed)
        #expect(merged.note == nil)
        #expect(merged.tests[0].isFlaky)
        #expect(merged.tests[0].earlierFailures == ["first"])
        #expect(merged.tests[0].attempts == 2)
        #expect(merged.counts == TestCounts(passed: 1, flaky: 1))
        #expect(!merged.isFailure)
        // The suite of a flaky test is not a pass the result cache may keep.
        #expect(merged.passedSuites.isEmpty)

        // Failing again keeps both messages, oldest first; the package still fails.
        let again = PackageTestRunner.merging(
            [test("LibTests", "A", "testOne", .failed, message: "second")], into: initial)
        #expect(again.outcome == .testsFailed)
        #expect(again.tests[0].earlierFailures == ["first"])
        #expect(again.tests[0].message == "second")
        #expect(again.counts == TestCounts(passed: 1, failed: 1))
    }

    @Test func whatARetryCannotVouchForStaysFailed() {
        let job = PackageJob(directory: "pkg", suites: ["LibTests"])
        // A test the rerun did not report (its filter matched nothing) keeps its failure.
        let unreported = PackageRunResult(
            job: job, outcome: .testsFailed, tests: [test("LibTests", "A", "testOne", .failed)], logPath: "")
        #expect(PackageTestRunner.merging([], into: unreported).outcome == .testsFailed)
        // A failure outside any test (an exit status, a suite's set-up) cannot run alone.
        let exitStatus = PackageRunResult(
            job: job, outcome: .testsFailed,
            tests: [test("", "", "(swift test)", .failed), test("LibTests", "A", "testOne", .failed)],
            logPath: "")
        let merged = PackageTestRunner.merging([test("LibTests", "A", "testOne", .passed)], into: exitStatus)
        #expect(merged.outcome == .testsFailed)
        #expect(merged.tests[1].isFlaky)
        // A crash that left tests unrun stays a crash, even when the crashed test passes alone.
        let crash = PackageRunResult(
            job: job, outcome: .crashed, tests: [test("LibTests", "A", "testCrash", .failed)], testsNotRun: 3,
            logPath: "")
        #expect(
            PackageTestRunner.merging([test("LibTests", "A", "testCrash", .passed)], into: crash).outcome
                == .crashed)
    }

    @Test func quarantineEntriesNameATestASuiteOrAModuleOptionallyInOnePackage() throws {
        let config = try TestSelectConfig.parse(
            #"{"quarantine": ["pkg:LibTests.A/testOne", "LibTests.Outer", "Slow_Tests", "LibTests.B/f(value:)"]}"#
        )
        let quarantine = config.quarantine
        #expect(quarantine.entries.map(\.package) == ["pkg", nil, nil, nil])
        #expect(quarantine.contains(test("LibTests", "A", "testOne", .failed), package: "pkg"))
        #expect(!quarantine.contains(test("LibTests", "A", "testOne", .failed), package: "other"))
        #expect(!quarantine.contains(test("LibTests", "A", "testOneMore", .failed), package: "pkg"))
        #expect(quarantine.contains(test("LibTests", "Outer.Inner", "deep()", .failed), package: "any"))
        #expect(!quarantine.contains(test("LibTests", "OuterMost", "deep()", .failed), package: "any"))
        #expect(quarantine.contains(test("Slow_Tests", "", "free()", .failed), package: "any"))
        #expect(quarantine.contains(test("LibTests", "B", "f(value:)", .failed), package: "any"))
        // Never the stand-ins for a crash or an exit status.
        #expect(!quarantine.contains(test("Slow_Tests", "", "(crash)", .failed), package: "any"))

        let result = quarantine.apply(
            to: PackageRunResult(
                job: PackageJob(directory: "pkg", suites: ["LibTests"]), outcome: .testsFailed,
                tests: [
                    test("LibTests", "A", "testOne", .failed), test("LibTests", "A", "testTwo", .passed),
                ],
                logPath: ""))
        #expect(result.outcome == .passed)
        #expect(result.counts == TestCounts(passed: 1, quarantined: 1))
        #expect(result.passedSuites.isEmpty)
        #expect(RunSummary.closingLine([result]) == "1 passed, 0 failed, 1 quarantined")

        for (text, expected) in [
            (#"{"quarantine": "LibTests"}"#, "'quarantine' must be an array"),
            (#"{"quarantine": [3]}"#, "an array holding a number"),
            (#"{"quarantine": ["pkg:"]}"#, "test names that are not empty"),
        ] {
            let error = #expect(throws: ConfigError.self, "\(text)") { try TestSelectConfig.parse(text) }
            #expect(error.map { "\($0)".contains(expected) } == true, "\(String(describing: error))")
        }
    }

    @Test func theFlakesFileCountsRunsKeepsTheFirstSightingAndRefusesADamagedFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/flakes.json"
            var flaky = test("LibTests", "A", "testOne", .passed)
            flaky.earlierFailures = ["boom\nat line 3"]
            let result = PackageRunResult(
                job: PackageJob(directory: "pkg", suites: ["LibTests"]), outcome: .passed,
                tests: [flaky, test("LibTests", "A", "testTwo", .passed)], logPath: "")
            var store = FlakeStore()
            let monday = Date(timeIntervalSince1970: 1_800_000_000)
            let tuesday = monday.addingTimeInterval(86_400)
            #expect(store.record([result], at: monday) == 1)
            try store.save(to: path)
            var loaded = try FlakeStore.load(from: path)
            #expect(loaded == store)
            loaded.record([result], at: tuesday)
            let flake = try #require(loaded.flakes["pkg:LibTests.A/testOne"])
            #expect(flake.count == 2)
            #expect(flake.first == monday)
            #expect(flake.last == tuesday)
            #expect(flake.failure == "boom | at line 3")
            #expect(flake.package == "pkg")
            #expect(flake.test.identifier == "LibTests.A/testOne")

            try #"{"schema":"testselect-flakes/1","flakes":{"x":{"count":1}}}"#.write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: RunError.self) { try FlakeStore.load(from: path) }
            try "{".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: RunError.self) { try FlakeStore.load(from: path) }
            #expect(try FlakeStore.load(from: directory + "/missing.json") == FlakeStore())
        }
    }
}
