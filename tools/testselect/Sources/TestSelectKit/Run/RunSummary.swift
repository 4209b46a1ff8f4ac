import Foundation
import TestSelectSupport

/// The end of a run's output: a table of packages, what failed (failing tests and the tail of each
/// failing log), and the closing line `N passed, N failed`, alone, last.
public enum RunSummary {
    /// How many lines of a failing package's log are shown.
    public static let tailLines = 30

    /// One line about a finished package, for progress output.
    public static func line(for result: PackageRunResult) -> String {
        let counts = result.counts
        let tally =
            "\(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) skipped"
            + (counts.flaky > 0 ? ", \(counts.flaky) flaky" : "")
            + (counts.quarantined > 0 ? ", \(counts.quarantined) quarantined" : "")
        let time = "build \(duration(result.buildSeconds)), tests \(duration(result.testSeconds))"
        let note = result.note.map { "; \($0)" } ?? ""
        switch result.outcome {
        case .passed where counts.flaky > 0:
            return "\(result.job.directory): FLAKY: \(tally) (\(time))\(note)"
        case .passed: return "\(result.job.directory): passed: \(tally) (\(time))\(note)"
        case .testsFailed: return "\(result.job.directory): FAILED: \(tally) (\(time))\(note)"
        case .crashed: return "\(result.job.directory): CRASHED: \(tally) (\(time))\(note)"
        case .timedOut: return "\(result.job.directory): TIMED OUT: \(tally) (\(time))\(note)"
        case .buildFailed:
            return "\(result.job.directory): BUILD FAILED (\(duration(result.buildSeconds)))\(note)"
        case .cancelled: return "\(result.job.directory): cancelled"
        case .notRun: return "\(result.job.directory): not run"
        }
    }

    /// The suites not run because they passed before with the same inputs: counted apart, never as
    /// passed now.
    public static func cachedLines(_ cached: [ResultCacheSession.CachedSuite]) -> [String] {
        guard !cached.isEmpty else { return [] }
        var lines = [
            "cached: \(cached.count) suite\(cached.count == 1 ? "" : "s") not run (passed before with the same inputs):"
        ]
        for suite in cached.sorted(by: { $0.name < $1.name }) {
            lines.append("  \(suite.name) (passed in \(suite.run))")
        }
        return lines
    }

    /// The closing line: `N passed, N failed`, then `, N flaky` and `, N quarantined` when there are
    /// any (flaky tests and quarantined failures are counted apart, in neither of the first two).
    public static func closingLine(_ results: [PackageRunResult]) -> String {
        let counts = results.reduce(TestCounts()) { $0 + $1.counts }
        return "\(counts.passed) passed, \(counts.failed) failed"
            + (counts.flaky > 0 ? ", \(counts.flaky) flaky" : "")
            + (counts.quarantined > 0 ? ", \(counts.quarantined) quarantined" : "")
    }

    /// The flaky tests and the quarantined failures of a package, each with what happened.
    static func flakyAndQuarantinedLines(_ result: PackageRunResult) -> [String] {
        func oneLine(_ text: String?) -> String {
            (text ?? "failed").replacingOccurrences(of: "\n", with: " | ")
        }
        var lines: [String] = []
        let flaky = result.tests.filter(\.isFlaky)
        if !flaky.isEmpty {
            lines.append("--- \(result.job.directory): flaky tests (failed, then passed when run again) ---")
            for test in flaky {
                lines.append(
                    "  \(test.identifier): passed on run \(test.attempts); first failure: \(oneLine(test.earlierFailures.first))"
                )
            }
        }
        let quarantined = result.tests.filter { $0.status == .failed && $0.quarantined }
        if !quarantined.isEmpty {
            lines.append(
                "--- \(result.job.directory): quarantined tests that failed (.testselect.json; they do not fail the run) ---"
            )
            for test in quarantined {
                let runs = test.attempts > 1 ? " (failed \(test.attempts) runs)" : ""
                lines.append("  \(test.identifier)\(runs): \(oneLine(test.message))")
            }
        }
        return lines
    }

    /// The whole summary.
    ///
    /// - Parameters:
    ///   - results: every package's result, in plan order.
    ///   - root: the repository root, to show log paths relative to it.
    ///   - seconds: the run's wall-clock duration.
    ///   - interrupted: whether a signal stopped the run (else `--fail-fast` did, if anything).
    public static func format(
        _ results: [PackageRunResult], root: String, seconds: Double, interrupted: Bool = false,
        cached: [ResultCacheSession.CachedSuite] = []
    ) -> String {
        var lines = [""] + table(results, seconds: seconds)
        for result in results {
            let extra = flakyAndQuarantinedLines(result)
            if !extra.isEmpty { lines += [""] + extra }
        }
        for result in results where result.isFailure {
            lines.append("")
            let failing = result.tests.filter(\.failsRun)
            if !failing.isEmpty {
                lines.append("--- \(result.job.directory): failing tests ---")
                for test in failing {
                    let message =
                        test.message.map { ": " + $0.replacingOccurrences(of: "\n", with: " | ") } ?? ""
                    let runs = test.attempts > 1 ? " (failed all \(test.attempts) runs)" : ""
                    lines.append("  \(test.identifier)\(runs)\(message)")
                }
            }
            let shown = RepoPath.relative(result.logPath, to: root) ?? result.logPath
            if result.outcome == .crashed, let crash = crashExcerpt(of: result.logPath) {
                lines.append("--- \(result.job.directory): the crash, in \(shown) ---")
                lines += crash
            }
            lines.append("--- \(result.job.directory): last lines of \(shown) ---")
            lines += tail(of: result.logPath, lines: result.outcome == .crashed ? 10 : tailLines)
        }
        let buildFailures = results.filter { $0.outcome == .buildFailed }.map(\.job.directory)
        if !buildFailures.isEmpty {
            lines.append("")
            lines.append("build failed: \(buildFailures.joined(separator: ", "))")
        }
        let stopped = results.filter { $0.outcome == .cancelled || $0.outcome == .notRun }.map(
            \.job.directory)
        if !stopped.isEmpty {
            let cause = interrupted ? "an interrupt" : "--fail-fast"
            lines.append("stopped by \(cause) before finishing: \(stopped.joined(separator: ", "))")
        }
        lines += cachedLines(cached)
        lines.append(closingLine(results))
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    /// The table: package, suites, tests passed/failed/skipped, build and test durations, result.
    static func table(_ results: [PackageRunResult], seconds: Double) -> [String] {
        let total = results.reduce(TestCounts()) { $0 + $1.counts }
        // The flaky and quarantined columns appear only in runs that have such tests.
        let extra: [(name: String, count: (TestCounts) -> Int)] =
            [("flaky", { $0.flaky }), ("quarantined", { $0.quarantined })].filter { $0.count(total) > 0 }
        var rows = [
            ["package", "suites", "passed", "failed", "skipped"] + extra.map(\.name) + [
                "build", "tests", "result",
            ]
        ]
        for result in results {
            let counts = result.counts
            let ran = result.outcome != .buildFailed && result.outcome != .notRun
            let number = { (value: Int) in ran ? "\(value)" : "-" }
            rows.append(
                [
                    result.job.directory,
                    result.job.suites == ["*"] ? "all" : "\(result.job.suites.count)",
                    number(counts.passed), number(counts.failed), number(counts.skipped),
                ] + extra.map { number($0.count(counts)) }
                    + [duration(result.buildSeconds), duration(result.testSeconds), outcomeName(result)])
        }
        let suites = results.reduce(0) { $0 + $1.job.suites.count }
        rows.append(
            ["total", "\(suites)", "\(total.passed)", "\(total.failed)", "\(total.skipped)"]
                + extra.map { "\($0.count(total))" } + ["", "", "in \(duration(seconds))"])
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Text columns are left-aligned, numbers right-aligned.
                return column == 0 || column == row.count - 1 ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    static func outcomeName(_ result: PackageRunResult) -> String {
        switch result.outcome {
        case .passed where result.counts.flaky > 0: return "FLAKY"
        case .passed: return "passed"
        case .testsFailed: return "FAILED"
        case .crashed: return "CRASHED"
        case .timedOut: return "TIMED OUT"
        case .buildFailed: return "BUILD FAILED"
        case .cancelled: return "cancelled"
        case .notRun: return "not run"
        }
    }

    /// `4.2s`, `2m05s`, or `-` when unknown.
    public static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%dm%02ds", whole / 60, whole % 60)
    }

    /// The lines around the first crash report of a log (`Fatal error:`, `Program crashed`), which a
    /// backtrace would push out of the tail.
    static func crashExcerpt(of path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let markers = ["Fatal error:", "*** Program crashed", "*** Signal ", "exited with unexpected signal"]
        guard let index = lines.firstIndex(where: { line in markers.contains { line.contains($0) } }) else {
            return nil
        }
        return lines[max(0, index - 12)..<min(lines.count, index + 4)].map { "  " + $0 }
    }

    /// The last `count` lines of a file.
    static func tail(of path: String, lines count: Int) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return ["  (no log)"] }
        let text = String(decoding: data.suffix(64 * 1024), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trimmed = lines.last == "" ? Array(lines.dropLast()) : lines
        return trimmed.suffix(count).map { "  " + $0 }
    }
}
