import TestSelectManifest

/// The tests `.testselect.json` quarantines (`"quarantine": [...]`): they run and are reported, and
/// their failures do not fail the run (nor do they count as passes for the result cache).
///
/// Each entry names, optionally after `<package dir>:`, a test as the summary prints it
/// (`LibTests.MathTests/doubles()`, `LibTests.LibXCTests/testDoubles`), a class or suite with the
/// suites nested in it (`LibTests.MathTests`), or a whole test module (`LibTests`).
public struct Quarantine: Sendable, Hashable {
    /// One entry of the list.
    public struct Entry: Sendable, Hashable {
        /// The package directory it is limited to, if any.
        public var package: String?
        /// The test, suite or module.
        public var test: String

        /// Parses `[<package dir>:]<test>`; nil when the test part is empty. A `:` inside a Swift
        /// Testing name (`name(value:)`) does not start a package.
        public init?(parsing text: String) {
            if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("(") {
                package = String(text[..<colon])
                test = String(text[text.index(after: colon)...])
                if package?.isEmpty == true { package = nil }
            } else {
                package = nil
                test = text
            }
            if test.isEmpty { return nil }
        }

        /// Whether it names `result`, a test of the package at `directory`.
        public func matches(_ result: TestCaseResult, package directory: String) -> Bool {
            if let package, package != directory { return false }
            return result.identifier == test || result.className == test
                || result.className.hasPrefix(test + ".") || result.module == test
        }
    }

    /// The entries, in the file's order.
    public var entries: [Entry]

    /// Creates a list.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Whether `result`, a test of the package at `directory`, is quarantined.
    public func contains(_ result: TestCaseResult, package directory: String) -> Bool {
        result.isRetryable && entries.contains { $0.matches(result, package: directory) }
    }

    /// Marks the quarantined tests of a package's result; a package whose only failures are
    /// quarantined tests passes. A crash or a timeout stays a failure: tests may not have run.
    public func apply(to initial: PackageRunResult) -> PackageRunResult {
        guard !entries.isEmpty else { return initial }
        var result = initial
        for index in result.tests.indices
        where contains(result.tests[index], package: result.job.directory) {
            result.tests[index].quarantined = true
        }
        if result.outcome == .testsFailed, !result.tests.contains(where: \.failsRun) {
            result.outcome = .passed
            result.note = nil
        }
        return result
    }
}
