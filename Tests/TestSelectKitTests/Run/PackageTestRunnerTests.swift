import TestSelectKit
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// How a test step's exit, output and events become a package's result.
@Suite struct PackageTestRunnerTests {
    let runner = PackageTestRunner(
        swift: "swift", root: "/repo", logDirectory: "/logs", registry: ProcessRegistry(),
        clock: ManualClock().clock)
    let job = PackageJob(directory: "p", suites: ["CrashTests", "LibTests", "MixedTests"])
    let modules = TestInventory(listing: RecordedTestOutput.listing).modulesByClass

    func start() -> PackageRunResult {
        PackageRunResult(job: job, outcome: .buildFailed, buildSeconds: 1, logPath: "/logs/p.log")
    }

    func exit(_ status: Int32, signal: Int32? = nil) -> ProcessExit {
        ProcessExit(status: status, signal: signal, peakMemoryBytes: 0, seconds: 1)
    }

    @Test func failingTestsFromBothFrameworks() {
        let result = runner.interpret(
            exit(1), result: start(), output: RecordedTestOutput.xctestLinux,
            events: RecordedTestOutput.swiftTestingEvents, expected: 9, modules: modules)
        #expect(result.outcome == .testsFailed)
        #expect(result.counts == TestCounts(passed: 5, failed: 2, skipped: 2))
        #expect(result.isFailure)
        #expect(result.closingLines.count == 2)
        #expect(result.note == nil)
    }

    @Test func anXCTestCrashNamesTheTestThatDied() {
        let result = runner.interpret(
            exit(1), result: start(), output: RecordedTestOutput.xctestCrash, events: "", expected: 15,
            modules: modules)
        #expect(result.outcome == .crashed)
        #expect(
            result.tests.filter { $0.status == .failed }.map(\.identifier) == ["CrashTests.CrashXC/testCrash"]
        )
        #expect(result.counts == TestCounts(passed: 1, failed: 1))
        #expect(result.testsNotRun == 13)
        #expect(result.note == "the test process crashed; 13 tests never ran")
    }

    @Test func aSwiftTestingCrashWithSeveralTestsRunningIsOneFailure() {
        let lines = RecordedTestOutput.swiftTestingEvents.split(separator: "\n")
        let cut = lines.prefix { !$0.contains(#""kind":"testEnded""#) }.joined(separator: "\n")
        let result = runner.interpret(
            exit(1), result: start(), output: "", events: cut, expected: 6, modules: modules)
        #expect(result.outcome == .crashed)
        let failed = result.tests.filter { $0.status == .failed }
        #expect(failed.map(\.identifier) == ["LibTests.(crash)"])
        #expect(failed.first?.message?.contains("LibTests.AddTests/adds()") == true)
        #expect(result.counts == TestCounts(passed: 0, failed: 1, skipped: 1))
        #expect(result.testsNotRun == 4)
    }

    @Test func aSignalEndingSwiftTestItselfIsACrash() {
        let result = runner.interpret(
            exit(139, signal: 11), result: start(), output: "", events: "", expected: nil, modules: [:])
        #expect(result.outcome == .crashed)
        #expect(result.counts.failed == 1)
    }

    @Test func aFailingExitWithoutAFailingTestIsStillAFailure() {
        let result = runner.interpret(
            exit(1), result: start(), output: "error: fatalError\n", events: "", expected: nil, modules: [:])
        #expect(result.outcome == .testsFailed)
        #expect(result.counts == TestCounts(failed: 1))
        #expect(result.note == "'swift test' exited with status 1 without reporting a failing test")
    }

    @Test func zeroTestsIsNotAFailure() {
        let output =
            "warning: No matching test cases were run\n\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds\n"
        let result = runner.interpret(
            exit(0), result: start(), output: output, events: "", expected: nil, modules: [:])
        #expect(result.outcome == .passed)
        #expect(!result.isFailure)
        #expect(result.counts == TestCounts())
        #expect(result.note == "no tests in the selected suites")
    }

    @Test func xctestsZeroOfAnAllSwiftTestingPackageIsLeftOutOfTheSummary() {
        let output = "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds\n"
        let result = runner.interpret(
            exit(1), result: start(), output: output, events: RecordedTestOutput.swiftTestingEvents,
            expected: nil,
            modules: modules)
        #expect(result.closingLines.count == 1)
        #expect(!result.closingLines.contains { $0.hasPrefix("Executed 0 tests") })
    }
}
