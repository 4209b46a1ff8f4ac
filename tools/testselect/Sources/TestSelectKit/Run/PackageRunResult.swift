import TestSelectManifest

/// What happened to one package of a run.
public struct PackageRunResult: Sendable {
    /// How the package's job ended.
    public enum Outcome: Sendable, Hashable {
        /// Built, and every test that ran passed (or there were no tests).
        case passed
        /// Built, and at least one test failed.
        case testsFailed
        /// Built, and the test process crashed (a signal, or a test that never finished).
        case crashed
        /// Built, and the tests were still running when `--timeout` ran out (they were stopped).
        case timedOut
        /// `swift build --build-tests` failed (or could not start).
        case buildFailed
        /// Stopped by `--fail-fast` or an interrupt while it ran.
        case cancelled
        /// Never started (`--fail-fast` stopped the run first).
        case notRun
    }

    /// The job.
    public var job: PackageJob
    /// How it ended.
    public var outcome: Outcome
    /// Every test that reported a result (crashed tests count as failed).
    public var tests: [TestCaseResult]
    /// Tests listed for the selected suites that never ran (the test process died first).
    public var testsNotRun: Int
    /// Seconds spent building, when the build ran to its end.
    public var buildSeconds: Double?
    /// Seconds spent listing and running the tests, when they ran.
    public var testSeconds: Double?
    /// The package's log file (absolute).
    public var logPath: String
    /// The closing lines of XCTest and Swift Testing, as they printed them.
    public var closingLines: [String]
    /// Something worth knowing (no tests in the selected suites, why the run failed).
    public var note: String?
    /// What the build cache did (`--build-cache`): restored, saved, or why not.
    public var buildCache: String?

    /// Creates a result.
    public init(
        job: PackageJob, outcome: Outcome, tests: [TestCaseResult] = [], testsNotRun: Int = 0,
        buildSeconds: Double? = nil, testSeconds: Double? = nil, logPath: String, closingLines: [String] = [],
        note: String? = nil
    ) {
        self.job = job
        self.outcome = outcome
        self.tests = tests
        self.testsNotRun = testsNotRun
        self.buildSeconds = buildSeconds
        self.testSeconds = testSeconds
        self.logPath = logPath
        self.closingLines = closingLines
        self.note = note
    }

    /// The counts of its tests.
    public var counts: TestCounts { TestCounts(tests) }

    /// Whether the package failed the run (a build failure, a failing or crashed test).
    public var isFailure: Bool {
        switch outcome {
        case .passed, .cancelled, .notRun: return false
        case .testsFailed, .crashed, .timedOut, .buildFailed: return true
        }
    }

    /// Whether the tests ran to their end, so their durations mean something.
    var ranTests: Bool {
        outcome == .passed || outcome == .testsFailed
    }

    /// The test targets whose tests ran (every suite of the job; for `*`, the modules seen).
    var suitesRun: [String] {
        guard job.suites.contains("*") else { return job.suites }
        return Array(Set(tests.map(\.module).filter { !$0.isEmpty })).sorted()
    }

    /// The wall-clock seconds of the job.
    public var seconds: Double {
        (buildSeconds ?? 0) + (testSeconds ?? 0)
    }
}
