extension MappingCheckResult {
    /// GitHub Actions workflow commands: one `::error file=...::` annotation per differing or
    /// failed file (the diff and the fix command in its message), then the plain report.
    public var githubAnnotations: String {
        var lines: [String] = []
        if let directoryError {
            lines.append("::error title=mapping copy check failed::\(Self.escapeData(directoryError))")
        }
        for entry in entries where entry.status != .inSync {
            let title = entry.status.isError ? "mapping copy check failed" : "mapping copy out of date"
            let message =
                (["\(entry.index): \(entry.status.summary)"] + entry.status.details + [
                    "", "fix: \(MappingCopy.syncCommand)",
                ]).joined(separator: "\n")
            lines.append(
                "::error file=\(Self.escapeProperty(entry.path)),title=\(Self.escapeProperty(title))::\(Self.escapeData(message))"
            )
        }
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + text
    }

    /// Escapes a workflow command's message (`%`, CR, LF), as the Actions toolkit does.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow command's property value (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
