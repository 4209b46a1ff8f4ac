import TestSelectManifest
import TestSelectSupport

/// `--format markdown`: the selection as a Markdown report for a CI job summary (GitHub's
/// `$GITHUB_STEP_SUMMARY`): a table of the selected suites with their reasons (as the text format
/// gives them), a Mermaid drawing of the packages involved, and the warnings.
///
/// Names and paths come from the pull request: each is escaped (`escaped(_:)`) so it reads as
/// plain text in a table cell, never as Markdown, HTML, a link or a second row.
public enum SelectionMarkdownFormatter {
    /// The report. `graph` is the head state's graph, for the drawing (none without it).
    public static func format(_ selection: Selection, graph: ResolvedGraph?) -> String {
        let total = selection.selected.count + selection.skipped.count
        let count = selection.changedFiles.count
        var lines = ["### testselect", ""]
        let files = "\(count) changed file\(count == 1 ? "" : "s")"
        if let base = selection.base {
            let head = selection.head.map { String($0.prefix(10)) } ?? "the working tree"
            lines.append("Changes from \(base.prefix(10)) to \(head): \(files).")
        } else {
            lines.append("Listed changes: \(files).")
        }
        for reason in selection.runAllReasons { lines.append("Running everything: \(escaped(reason)).") }
        lines.append("")
        guard !selection.selected.isEmpty else {
            lines.append(
                "Nothing to run: no test suite depends on what changed (0 of \(total) suites selected).")
            return (lines + warnings(selection)).joined(separator: "\n") + "\n"
        }
        lines.append("Selected \(selection.selected.count) of \(total) suites:")
        lines += ["", "| package | suite | reasons |", "| --- | --- | --- |"]
        for suite in selection.selected {
            let name = suite.target == "*" ? "* (every test of the package)" : suite.target
            var reasons = suite.reasons.map(SelectionTextFormatter.describe)
            if let run = suite.cached { reasons.append("cached: passed in \(run) with the same inputs") }
            lines.append(
                "| \(escaped(suite.package)) | \(escaped(name)) | \(reasons.map(escaped).joined(separator: "<br>")) |"
            )
        }
        if let graph {
            let drawing = GraphDiagramFormatter.packageMermaid(graph, highlight: .init(selection))
            if !drawing.isEmpty {
                lines += [
                    "",
                    "Packages involved (changed in red, with selected suites in yellow; arrows point to dependencies):",
                ]
                lines += [
                    "", "```mermaid", drawing.hasSuffix("\n") ? String(drawing.dropLast()) : drawing, "```",
                ]
            }
        }
        return (lines + warnings(selection)).joined(separator: "\n") + "\n"
    }

    static func warnings(_ selection: Selection) -> [String] {
        guard !selection.warnings.isEmpty else { return [] }
        return ["", "Warnings:", ""] + selection.warnings.map { "- " + escaped($0.message) }
    }

    /// `text` as plain text inside a Markdown table cell: control characters made visible (so no
    /// line break can end the row), and every character Markdown or HTML reads specially
    /// backslash-escaped (`|` included, which would start another cell).
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in NameSafety.visible(text) {
            if "\\`*_[]<>&|~$".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
