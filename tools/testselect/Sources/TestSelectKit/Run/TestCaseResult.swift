import TestSelectManifest

/// The outcome of one test: an XCTest method or a Swift Testing `@Test` function.
public struct TestCaseResult: Sendable, Hashable {
    /// How a test ended.
    public enum Status: String, Sendable, Hashable {
        /// It ran and recorded no failure.
        case passed
        /// It recorded a failure, or crashed the test process.
        case failed
        /// It was skipped (`XCTSkip`, `.disabled`, `.enabled(if:)`).
        case skipped
    }

    /// The test target (module) it belongs to; empty when unknown.
    public var module: String
    /// The class or suite path inside the module (`MappingTests`, `Outer.Inner`); empty for a free function.
    public var suite: String
    /// The test's name (`testDecodes`, `decodes()`).
    public var name: String
    /// How it ended.
    public var status: Status
    /// How long it ran, in seconds.
    public var seconds: Double
    /// The failure or skip message, if any (of the last run, when it was retried).
    public var message: String?
    /// The failure messages of the runs before the last one (`--retries`), oldest first; empty when
    /// the test ran once.
    public var earlierFailures: [String]
    /// Whether `.testselect.json` quarantines it: it runs and is reported, and its failure does not
    /// fail the run.
    public var quarantined: Bool

    /// Creates a result.
    public init(
        module: String, suite: String, name: String, status: Status, seconds: Double, message: String? = nil,
        earlierFailures: [String] = [], quarantined: Bool = false
    ) {
        self.module = module
        self.suite = suite
        self.name = name
        self.status = status
        self.seconds = seconds
        self.message = message
        self.earlierFailures = earlierFailures
        self.quarantined = quarantined
    }

    /// How many times it ran.
    public var attempts: Int { earlierFailures.count + 1 }

    /// Whether it failed and then passed on a retry.
    public var isFlaky: Bool { status == .passed && !earlierFailures.isEmpty }

    /// Whether it failed the run: it failed (on every attempt) and is not quarantined.
    public var failsRun: Bool { status == .failed && !quarantined }

    /// Whether it is a test `swift test --filter` can run alone: not a stand-in for a crash, a
    /// failure outside any test, or an exit status (their names are in parentheses).
    public var isRetryable: Bool { !module.isEmpty && !name.hasPrefix("(") }

    /// Whether this is a Swift Testing function (`name()`, `name(_:)`) rather than an XCTest method.
    var isSwiftTesting: Bool { name.hasSuffix(")") }

    /// A `swift test --filter` expression matching this test alone: `^M\.C/testName$` for XCTest,
    /// `^M\.S/name\(\)(/|$)` for Swift Testing (whose ids may end in `/File.swift:L:C`).
    public var filterPattern: String {
        let escape = ModuleName.escaped
        if isSwiftTesting {
            let path = suite.isEmpty ? "" : suite.replacingOccurrences(of: ".", with: "/") + "/"
            return "^" + escape(module) + "\\." + escape(path) + escape(name) + "(/|$)"
        }
        return "^" + escape(className) + "/" + escape(name) + "$"
    }

    /// `Module.Suite` (or `Module` for a free function): the JUnit class name.
    public var className: String {
        [module, suite].filter { !$0.isEmpty }.joined(separator: ".")
    }

    /// `Module.Suite/name` (`Module.name` for a free function), the form `swift test list` prints.
    public var identifier: String {
        if suite.isEmpty { return module.isEmpty ? name : module + "." + name }
        return className + "/" + name
    }
}

/// Counts of test outcomes; each test is counted once, in the first of: flaky, quarantined (failed
/// but quarantined), passed, failed, skipped.
public struct TestCounts: Sendable, Hashable {
    /// Tests that passed (on their first run).
    public var passed = 0
    /// Tests that failed (crashes included), quarantined ones left out.
    public var failed = 0
    /// Tests that were skipped.
    public var skipped = 0
    /// Tests that failed and then passed on a retry.
    public var flaky = 0
    /// Quarantined tests that failed.
    public var quarantined = 0

    /// Creates counts.
    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0, flaky: Int = 0, quarantined: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.flaky = flaky
        self.quarantined = quarantined
    }

    /// Counts the outcomes of `results`.
    public init(_ results: [TestCaseResult]) {
        for result in results {
            switch result.status {
            case .passed where result.isFlaky: flaky += 1
            case .passed: passed += 1
            case .failed where result.quarantined: quarantined += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// Every test counted.
    public var total: Int { passed + failed + skipped + flaky + quarantined }

    /// The sum of two counts.
    public static func + (lhs: TestCounts, rhs: TestCounts) -> TestCounts {
        TestCounts(
            passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed,
            skipped: lhs.skipped + rhs.skipped, flaky: lhs.flaky + rhs.flaky,
            quarantined: lhs.quarantined + rhs.quarantined)
    }
}
