import TestSelectSupport

/// What Swift Testing reported in its event stream.
public struct SwiftTestingReport: Sendable, Hashable {
    /// Every test function that finished or was skipped, in the order they ended.
    public var results: [TestCaseResult] = []
    /// Test functions that started and never ended: the test process died while they ran.
    public var unfinished: [TestCaseResult] = []
    /// Failures recorded outside any test function (a suite's set-up, for example).
    public var otherFailures: [TestCaseResult] = []
    /// Whether the stream holds the end of the run (`runEnded`).
    public var runEnded = false
    /// The text of Swift Testing's closing `Test run with N tests ...` message.
    public var closingLine: String?
}

/// Reads the JSON-lines event stream Swift Testing writes with
/// `swift test --experimental-event-stream-output PATH` (one JSON object per line, written as the
/// run goes, so it tells what ran even when the test process crashes).
///
/// Only test functions are counted (a parameterized function counts once, as Swift Testing counts
/// it); a function fails when it records an issue that is a failure (not a known issue, not a warning).
public enum SwiftTestingEventParser {
    private struct Function {
        var module: String
        var suite: String
        var name: String
        var started: Double?
        var messages: [String] = []
        var failed = false
    }

    /// Parses an event stream; lines that are not JSON (a truncated last line) are ignored.
    public static func parse(_ text: String) -> SwiftTestingReport {
        var report = SwiftTestingReport()
        var functions: [String: Function] = [:]
        var order: [String] = []
        var suites: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let record = try? JSONValue.parse(String(line)), let payload = record["payload"] else {
                continue
            }
            switch record["kind"]?.stringValue {
            case "test":
                guard let id = payload["id"]?.stringValue else { continue }
                if payload["kind"]?.stringValue == "function" {
                    let (module, suite) = location(of: id)
                    functions[id] = Function(
                        module: module, suite: suite, name: payload["name"]?.stringValue ?? id)
                    order.append(id)
                } else {
                    suites.insert(id)
                }
            case "event":
                handle(payload, functions: &functions, suites: suites, report: &report)
            default:
                continue
            }
        }
        for id in order {
            guard let function = functions[id], function.started != nil else { continue }
            report.unfinished.append(
                TestCaseResult(
                    module: function.module, suite: function.suite, name: function.name, status: .failed,
                    seconds: 0,
                    message: (function.messages + ["the test process died while this test was running"])
                        .joined(separator: "\n")))
        }
        return report
    }

    private static func handle(
        _ payload: JSONValue, functions: inout [String: Function], suites: Set<String>,
        report: inout SwiftTestingReport
    ) {
        let id = payload["testID"]?.stringValue
        let instant = number(payload["instant"]?["absolute"])
        switch payload["kind"]?.stringValue {
        case "testStarted":
            if let id, functions[id] != nil { functions[id]?.started = instant ?? 0 }
        case "issueRecorded":
            guard isFailure(payload["issue"]) else { return }
            let text = messageText(payload) ?? "an issue was recorded"
            if let id, functions[id] != nil {
                functions[id]?.failed = true
                functions[id]?.messages.append(text)
            } else {
                let (module, suite) = id.map(location(of:)) ?? ("", "")
                report.otherFailures.append(
                    TestCaseResult(
                        module: module, suite: suite, name: suites.contains(id ?? "") ? "(suite)" : "(run)",
                        status: .failed, seconds: 0, message: text))
            }
        case "testEnded":
            guard let id, let function = functions[id] else { return }
            let seconds = max(0, (instant ?? 0) - (function.started ?? instant ?? 0))
            report.results.append(
                TestCaseResult(
                    module: function.module, suite: function.suite, name: function.name,
                    status: function.failed ? .failed : .passed, seconds: seconds,
                    message: function.messages.isEmpty ? nil : function.messages.joined(separator: "\n")))
            functions[id]?.started = nil
        case "testSkipped":
            guard let id, let function = functions[id] else { return }
            let comments = (payload["_comments"]?.arrayValue ?? []).compactMap(\.stringValue)
            report.results.append(
                TestCaseResult(
                    module: function.module, suite: function.suite, name: function.name, status: .skipped,
                    seconds: 0,
                    message: comments.isEmpty ? messageText(payload) : comments.joined(separator: " ")
                ))
        case "runEnded":
            report.runEnded = true
            report.closingLine = messageText(payload)
        default:
            return
        }
    }

    /// Whether an issue fails its test: `isFailure` when the stream says so, else neither known nor a warning.
    private static func isFailure(_ issue: JSONValue?) -> Bool {
        guard let issue else { return true }
        if case .bool(let failure)? = issue["isFailure"] { return failure }
        if case .bool(true)? = issue["isKnown"] { return false }
        if let severity = issue["severity"]?.stringValue, severity != "error" { return false }
        return true
    }

    private static func messageText(_ payload: JSONValue) -> String? {
        let texts = (payload["messages"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        return texts.first
    }

    private static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    /// The module and suite path of a test function's id (`Module.Outer/Inner/name()/File.swift:3:2`).
    static func location(of id: String) -> (module: String, suite: String) {
        var parts = id.split(separator: "/").map(String.init)
        if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        guard let first = parts.first, let dot = first.firstIndex(of: ".") else {
            return (parts.first ?? "", "")
        }
        let module = String(first[..<dot])
        guard parts.count > 1 else { return (module, "") }
        let suites = [String(first[first.index(after: dot)...])] + parts.dropFirst().dropLast()
        return (module, suites.joined(separator: "."))
    }
}
