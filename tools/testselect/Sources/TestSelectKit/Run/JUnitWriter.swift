import Foundation

/// Writes one JUnit XML file per package (`--junit DIR`), the format CI systems render: a
/// `<testsuite>` per test target with a `<testcase>` per test; a failed build is one test case
/// with an `<error>` holding the log's tail, so the report shows it too.
///
/// Retried tests are written as Maven Surefire writes them (`rerunFailingTestsCount`), which CI
/// test reports read: a flaky test passes with one `<flakyFailure>` per failed run; a test that
/// failed every run has its first failure as `<failure>` and each later one as `<rerunFailure>`. A
/// quarantined test that failed is `<skipped>` (it must not turn the report red), its failure in
/// `<system-out>`.
public enum JUnitWriter {
    /// The XML document of one package's result.
    public static func document(for result: PackageRunResult) -> String {
        var groups: [(module: String, tests: [TestCaseResult])] = []
        for test in result.tests {
            let module = test.module.isEmpty ? result.job.directory : test.module
            if let index = groups.firstIndex(where: { $0.module == module }) {
                groups[index].tests.append(test)
            } else {
                groups.append((module, [test]))
            }
        }
        if result.outcome == .buildFailed {
            let tail = RunSummary.tail(of: result.logPath, lines: RunSummary.tailLines).joined(
                separator: "\n")
            groups.append(
                (
                    "build",
                    [
                        TestCaseResult(
                            module: "build", suite: "", name: "swift build --build-tests", status: .failed,
                            seconds: result.buildSeconds ?? 0,
                            message: (result.note ?? "build failed") + "\n" + tail)
                    ]
                ))
        }
        let counts = groups.reduce(TestCounts()) { $0 + TestCounts($1.tests) }
        let seconds = groups.flatMap(\.tests).reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\(attribute(result.job.directory)) tests=\"\(counts.total)\" failures=\"\(counts.failed)\" errors=\"0\" skipped=\"\(counts.skipped + counts.quarantined)\" time=\"\(format(seconds))\">\n"
        for group in groups {
            let groupCounts = TestCounts(group.tests)
            let groupSeconds = group.tests.reduce(0) { $0 + $1.seconds }
            xml +=
                "  <testsuite name=\(attribute(group.module)) tests=\"\(groupCounts.total)\" failures=\"\(groupCounts.failed)\" errors=\"0\" skipped=\"\(groupCounts.skipped + groupCounts.quarantined)\" time=\"\(format(groupSeconds))\">\n"
            for test in group.tests {
                let className = test.className.isEmpty ? group.module : test.className
                let open =
                    "    <testcase classname=\(attribute(className)) name=\(attribute(test.name)) time=\"\(format(test.seconds))\""
                switch test.status {
                case .passed where test.isFlaky:
                    xml += open + ">\n"
                    for message in test.earlierFailures { xml += failure("flakyFailure", message) }
                    xml += "    </testcase>\n"
                case .passed:
                    xml += open + "/>\n"
                case .failed where test.quarantined:
                    let runs = test.attempts > 1 ? " on all \(test.attempts) runs" : ""
                    xml += open + ">\n"
                    xml +=
                        "      <skipped message=\(attribute("quarantined in .testselect.json; it failed\(runs)"))/>\n"
                    xml += "      <system-out>\(escape(test.message ?? "failed"))</system-out>\n"
                    xml += "    </testcase>\n"
                case .failed:
                    let runs = test.earlierFailures + [test.message ?? "failed"]
                    xml += open + ">\n"
                    xml += failure("failure", runs[0])
                    for message in runs.dropFirst() { xml += failure("rerunFailure", message) }
                    xml += "    </testcase>\n"
                case .skipped:
                    xml += open + ">\n"
                    xml += "      <skipped message=\(attribute(test.message ?? "skipped"))/>\n"
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Writes `DIR/<package>.xml` for every result that built or failed to build.
    ///
    /// - Throws: `RunError.cannotWrite`.
    ///
    /// Suites the result cache skipped are test cases marked skipped, saying in which run they passed.
    public static func write(
        _ results: [PackageRunResult], cached: [ResultCacheSession.CachedSuite] = [], to directory: String
    ) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RunError.cannotWrite(path: directory, reason: "\(error)")
        }
        var results = results
        for suite in cached {
            let entry = TestCaseResult(
                module: ModuleName.of(suite.target), suite: "", name: "(cached)", status: .skipped,
                seconds: 0,
                message: "cached: passed in \(suite.run) with the same inputs")
            if let index = results.firstIndex(where: { $0.job.directory == suite.package }) {
                results[index].tests.append(entry)
            } else {
                results.append(
                    PackageRunResult(
                        job: PackageJob(directory: suite.package, suites: [suite.target]), outcome: .passed,
                        tests: [entry], logPath: ""))
            }
        }
        for result in results where result.outcome != .notRun && result.outcome != .cancelled {
            let path = directory + "/" + result.job.slug + ".xml"
            do {
                try document(for: result).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw RunError.cannotWrite(path: path, reason: "\(error)")
            }
        }
    }

    /// `<failure>`, `<flakyFailure>` or `<rerunFailure>`: the message's first line as its `message`,
    /// the whole of it as its text (Surefire puts the stack trace in a `<stackTrace>` child of the
    /// last two; the text is what readers show).
    private static func failure(_ element: String, _ message: String) -> String {
        let summary = String(message.prefix { $0 != "\n" })
        if element == "failure" {
            return "      <failure message=\(attribute(summary))>\(escape(message))</failure>\n"
        }
        return
            "      <\(element) message=\(attribute(summary)) type=\"failure\"><stackTrace>\(escape(message))</stackTrace></\(element)>\n"
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    /// A quoted attribute value.
    static func attribute(_ value: String) -> String {
        "\""
            + escape(value).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
                of: "\n", with: "&#10;") + "\""
    }

    /// Text escaped for XML; characters XML 1.0 forbids (most control characters) are dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
