import Foundation
import TestSelectManifest

/// What XCTest reported in a `swift test` log.
public struct XCTestReport: Sendable, Hashable {
    /// Every test that finished, in order.
    public var results: [TestCaseResult] = []
    /// A test that started and never finished: the test process died while running it.
    public var unfinished: TestCaseResult?
    /// XCTest's last `Executed N tests, ...` line.
    public var closingLine: String?
}

/// Reads XCTest's console output (`Test Case '...' started|passed|failed|skipped (N seconds)`),
/// the only account of its results `swift test` gives without `--parallel`.
///
/// Linux prints `Test Case 'Class.test'`, Darwin `Test Case '-[Module.Class test]'`; Linux leaves
/// the module out, so `modules` (class name to test target, from `swift test list`) fills it in.
public enum XCTestLogParser {
    /// Parses a log.
    ///
    /// - Parameters:
    ///   - text: the output of `swift test`.
    ///   - modules: the test target of each XCTest class, by class name.
    public static func parse(_ text: String, modules: [String: String] = [:]) -> XCTestReport {
        var report = XCTestReport()
        var running: (module: String, suite: String, name: String)? = nil
        var messages: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("Test Case '") {
                guard let (quoted, rest) = splitQuoted(line.dropFirst("Test Case '".count)) else { continue }
                let test = testName(quoted, modules: modules)
                if rest.hasPrefix(" started") {
                    running = test
                    messages = []
                    continue
                }
                guard let status = status(of: rest) else { continue }
                report.results.append(
                    TestCaseResult(
                        module: test.module, suite: test.suite, name: test.name, status: status,
                        seconds: seconds(in: rest),
                        message: messages.isEmpty ? nil : messages.joined(separator: "\n")))
                running = nil
                messages = []
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("Executed "), trimmed.contains(" test") {
                report.closingLine = String(trimmed)
                continue
            }
            guard let test = running else { continue }
            if let range = line.range(of: "\(test.suite).\(test.name) : ")
                ?? line.range(of: "\(test.suite) \(test.name)] : ")
            {
                messages.append(String(line[range.upperBound...]))
            } else if line.contains("Fatal error:") {
                messages.append(String(line))
            }
        }
        if let test = running {
            report.unfinished = TestCaseResult(
                module: test.module, suite: test.suite, name: test.name, status: .failed, seconds: 0,
                message: (messages + ["the test process died while this test was running"]).joined(
                    separator: "\n"))
        }
        return report
    }

    /// Splits `Name' rest` at the closing quote.
    private static func splitQuoted(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.firstIndex(of: "'") else { return nil }
        return (String(text[..<quote]), text[text.index(after: quote)...])
    }

    /// `Class.test` or `-[Module.Class test]` as module, class and test.
    static func testName(_ quoted: String, modules: [String: String]) -> (
        module: String, suite: String, name: String
    ) {
        if quoted.hasPrefix("-["), quoted.hasSuffix("]") {
            let inner = quoted.dropFirst(2).dropLast()
            let parts = inner.split(separator: " ", maxSplits: 1)
            let qualified = String(parts.first ?? "")
            let name = parts.count > 1 ? String(parts[1]) : ""
            if let dot = qualified.firstIndex(of: ".") {
                return (
                    String(qualified[..<dot]), String(qualified[qualified.index(after: dot)...]), name
                )
            }
            return (modules[qualified] ?? "", qualified, name)
        }
        guard let dot = quoted.lastIndex(of: ".") else { return ("", "", quoted) }
        let suite = String(quoted[..<dot])
        return (modules[suite] ?? "", suite, String(quoted[quoted.index(after: dot)...]))
    }

    private static func status(of rest: Substring) -> TestCaseResult.Status? {
        if rest.hasPrefix(" passed") { return .passed }
        if rest.hasPrefix(" failed") { return .failed }
        if rest.hasPrefix(" skipped") { return .skipped }
        return nil
    }

    /// The `(0.012 seconds)` figure of a result line.
    private static func seconds(in rest: Substring) -> Double {
        guard let open = rest.firstIndex(of: "("),
            let end = rest[open...].range(of: " second")?.lowerBound
        else { return 0 }
        return Double(rest[rest.index(after: open)..<end]) ?? 0
    }
}
