import TestSelectSupport

/// `--format buildkite`: the steps of a Buildkite pipeline running the selection, for
/// `testselect --format buildkite | buildkite-agent pipeline upload`.
///
/// One command step per package with selected suites (with `--shards N`, one per non-empty shard),
/// each running `swift test` with its filter and uploading the JUnit files (`artifact_paths`). With
/// nothing selected, one step that says so. Every string is a double-quoted YAML scalar
/// (`YAMLScalar`) written for Buildkite's interpolation (`pipeline upload` expands `$NAME` and
/// `${...}` in every value), so a `$` in a name stays a `$`.
public enum BuildkitePipelineFormatter {
    /// The pipeline's YAML.
    public static func format(_ jobs: [PipelineJob]) -> String {
        var lines = ["# testselect --format buildkite: for 'buildkite-agent pipeline upload'", "steps:"]
        guard !jobs.isEmpty else {
            lines += [
                "  - label: \(value("nothing to run"))", "    key: \(value("nothing-to-run"))",
                "    command: \(value(PipelineJob.nothingToRun))",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
        for job in jobs {
            lines.append("  - label: \(value(NameSafety.visible(job.title)))")
            lines.append("    key: \(value(job.key))")
            lines.append("    commands:")
            lines += job.script.map { "      - \(value(command($0)))" }
            lines.append("    artifact_paths: \(value(PipelineJob.junitFiles))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML scalar that Buildkite's interpolation turns back into `text`.
    static func value(_ text: String) -> String {
        YAMLScalar.quoted(uninterpolated(text))
    }

    /// `text` escaped for Buildkite's interpolation: each `$` written `$$`. The interpolation also
    /// reads `\$` as `$` and keeps `\\`, so a backslash right before a `$` cannot be written: an
    /// odd run of them gets one more (shown, never run: `command` keeps them apart).
    public static func uninterpolated(_ text: String) -> String {
        var result = ""
        var backslashes = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\":
                backslashes += 1
                result.unicodeScalars.append(scalar)
            case "$":
                if backslashes % 2 == 1 { result += "\\" }
                backslashes = 0
                result += "$$"
            default:
                backslashes = 0
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A script line with every `\$` split as `\''$`: the same to the shell (every `\$` of a line
    /// is inside a single-quoted word, where `''` ends the quote and starts another), and never a
    /// backslash before a `$` for the interpolation to take.
    public static func command(_ line: String) -> String {
        line.replacingOccurrences(of: "\\$", with: "\\''$")
    }
}
