import Foundation
import TestSelectSupport

/// The results of a run as JSON (`testselect run --report FILE`), for tools that read results
/// rather than logs: every package with its outcome and durations, every test with its status
/// (`passed`, `failed`, `skipped`, `flaky`), runs and messages, the suites the result cache
/// skipped, and the counts of the closing line.
///
/// ```json
/// {"schema":"testselect-run/1","passed":3,"failed":0,"flaky":1,"quarantined":0,"skipped":1,
///  "packages":[{"package":"packages/lib","suites":["LibTests"],"outcome":"flaky",
///    "build_seconds":4.2,"test_seconds":0.8,"log":".build/testselect/logs/packages-lib.log",
///    "tests":[{"id":"LibTests.MathTests/doubles()","status":"flaky","runs":2,"seconds":0.001,
///      "failures":["Expectation failed: ..."]}]}],
///  "cached":[]}
/// ```
public enum RunReport {
    /// The schema name written in the file.
    public static let schema = "testselect-run/1"

    /// The document.
    public static func document(
        _ results: [PackageRunResult], cached: [ResultCacheSession.CachedSuite], root: String
    ) -> JSONValue {
        let counts = results.reduce(TestCounts()) { $0 + $1.counts }
        let packages = results.map { result -> JSONValue in
            var members: [(String, JSONValue)] = [
                ("package", .string(result.job.directory)), ("suites", .strings(result.job.suites)),
                ("outcome", .string(outcome(result))),
                ("build_seconds", result.buildSeconds.map(JSONValue.number) ?? .null),
                ("test_seconds", result.testSeconds.map(JSONValue.number) ?? .null),
                ("log", .string(RepoPath.relative(result.logPath, to: root) ?? result.logPath)),
            ]
            if result.testsNotRun > 0 {
                members.append(("tests_not_run", .number(Double(result.testsNotRun))))
            }
            if let note = result.note { members.append(("note", .string(note))) }
            members.append(("tests", .array(result.tests.map(test))))
            return .object(members)
        }
        let skipped = cached.sorted { ($0.package, $0.target) < ($1.package, $1.target) }.map {
            JSONValue.object([
                ("package", .string($0.package)), ("suite", .string($0.target)),
                ("passed_in", .string($0.run)),
            ])
        }
        return .object([
            ("schema", .string(schema)), ("passed", .number(Double(counts.passed))),
            ("failed", .number(Double(counts.failed))), ("flaky", .number(Double(counts.flaky))),
            ("quarantined", .number(Double(counts.quarantined))),
            ("skipped", .number(Double(counts.skipped))), ("packages", .array(packages)),
            ("cached", .array(skipped)),
        ])
    }

    /// Writes the document to `path` (atomically), creating its directory.
    ///
    /// - Throws: `RunError.cannotWrite`.
    public static func write(
        _ results: [PackageRunResult], cached: [ResultCacheSession.CachedSuite], root: String, to path: String
    ) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (document(results, cached: cached, root: root).serialized(pretty: true) + "\n").write(
                to: url, atomically: true, encoding: .utf8)
        } catch {
            throw RunError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// The outcome's name in the report: the table's word, lower case (`flaky` for a package that
    /// passed with flaky tests).
    static func outcome(_ result: PackageRunResult) -> String {
        RunSummary.outcomeName(result).lowercased()
    }

    static func test(_ test: TestCaseResult) -> JSONValue {
        let status: String
        switch test.status {
        case .passed: status = test.isFlaky ? "flaky" : "passed"
        case .failed: status = "failed"
        case .skipped: status = "skipped"
        }
        var members: [(String, JSONValue)] = [
            ("id", .string(test.identifier)), ("module", .string(test.module)),
            ("suite", .string(test.suite)),
            ("name", .string(test.name)), ("status", .string(status)),
            ("runs", .number(Double(test.attempts))),
            ("seconds", .number(test.seconds)),
        ]
        if test.quarantined { members.append(("quarantined", .bool(true))) }
        let failures = test.earlierFailures + (test.status == .failed ? [test.message ?? "failed"] : [])
        if !failures.isEmpty { members.append(("failures", .strings(failures))) }
        if test.status == .skipped, let message = test.message {
            members.append(("message", .string(message)))
        }
        return .object(members)
    }
}
