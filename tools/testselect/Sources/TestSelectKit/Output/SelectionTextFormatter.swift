import TestSelectSupport

/// The human-readable form of a selection (`--format text`): grouped by package, each suite with its reasons.
public enum SelectionTextFormatter {
    /// Renders the selection.
    public static func format(_ selection: Selection) -> String {
        var lines: [String] = []
        let head = selection.head.map { String($0.prefix(10)) } ?? "working tree"
        let count = selection.changedFiles.count
        let files = "\(count) changed file\(count == 1 ? "" : "s")"
        if let base = selection.base {
            lines.append("changes \(base.prefix(10))..\(head): \(files)")
        } else {
            lines.append("listed changes (\(head)): \(files)")
        }
        for reason in selection.runAllReasons { lines.append("running everything: \(reason)") }
        let total = selection.selected.count + selection.skipped.count
        lines.append("")
        if selection.selected.isEmpty {
            lines.append("selected 0 of \(total) suites: nothing to run")
        } else {
            lines.append("selected \(selection.selected.count) of \(total) suites:")
        }
        var currentPackage: String? = nil
        for suite in selection.selected {
            if suite.package != currentPackage {
                lines.append("  \(suite.package)")
                currentPackage = suite.package
            }
            let name = suite.target == "*" ? "* (every test of the package)" : suite.target
            let cached = suite.cached.map { " (cached: passed in \($0) with the same inputs)" } ?? ""
            lines.append("    \(name)\(cached)")
            for reason in suite.reasons { lines.append("      " + describe(reason)) }
            if let scope = suite.scope { lines += describe(scope).map { "      " + $0 } }
        }
        if !selection.unownedFiles.isEmpty {
            lines.append("")
            lines.append("unowned files (in no target; they select nothing unless under a package's Tests/):")
            for file in selection.unownedFiles { lines.append("  \(file)") }
        }
        if !selection.documentationFiles.isEmpty {
            lines.append("")
            lines.append("documentation (SwiftPM neither builds nor bundles it; it selects nothing):")
            for file in selection.documentationFiles { lines.append("  \(file)") }
        }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    /// The lines saying which of a suite's tests an impact map lets run.
    public static func describe(_ scope: Selection.TestScope, limit: Int = 20) -> [String] {
        switch scope {
        case .wholeSuite(let rule):
            return ["impact: every test runs: \(rule)"]
        case .tests(let selected, let skipped, let commit):
            var lines = [
                "impact (map at \(commit.prefix(10))): \(selected.count) of \(selected.count + skipped.count) recorded tests run, and any test new since the map"
            ]
            for test in selected.prefix(limit) {
                let why =
                    test.files.isEmpty
                    ? (test.note ?? "no map") : "executed " + test.files.joined(separator: ", ")
                lines.append("  \(test.id) (\(why))")
            }
            if selected.count > limit { lines.append("  ... and \(selected.count - limit) more") }
            return lines
        }
    }

    /// One reason as a line: `dependency-changed: path (via A -> B)`.
    public static func describe(_ reason: Selection.Reason) -> String {
        var text = reason.kind.rawValue
        if let file = reason.file { text += ": \(file)" }
        if !reason.via.isEmpty { text += " (via \(reason.via.joined(separator: " -> ")))" }
        if let detail = reason.detail { text += " [\(detail)]" }
        return text
    }
}
