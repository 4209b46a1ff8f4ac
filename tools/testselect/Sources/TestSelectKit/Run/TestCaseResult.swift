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
    /// The failure or skip message, if any.
    public var message: String?

    /// Creates a result.
    public init(
        module: String, suite: String, name: String, status: Status, seconds: Double, message: String? = nil
    ) {
        self.module = module
        self.suite = suite
        self.name = name
        self.status = status
        self.seconds = seconds
        self.message = message
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

/// Counts of test outcomes.
public struct TestCounts: Sendable, Hashable {
    /// Tests that passed.
    public var passed = 0
    /// Tests that failed (crashes included).
    public var failed = 0
    /// Tests that were skipped.
    public var skipped = 0

    /// Creates counts.
    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    /// Counts the outcomes of `results`.
    public init(_ results: [TestCaseResult]) {
        for result in results {
            switch result.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// Every test counted.
    public var total: Int { passed + failed + skipped }

    /// The sum of two counts.
    public static func + (lhs: TestCounts, rhs: TestCounts) -> TestCounts {
        TestCounts(
            passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed,
            skipped: lhs.skipped + rhs.skipped)
    }
}
