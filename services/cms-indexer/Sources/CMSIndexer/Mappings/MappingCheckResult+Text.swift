import ESModels

extension MappingCheckResult {
    /// The plain report: a header, each differing or failed file with its structural diff
    /// (breaking and additive changes marked), and the exact command that fixes it.
    public var text: String {
        var lines: [String] = []
        if let directoryError {
            lines.append("cannot check the mapping copy: \(directoryError)")
            return lines.joined(separator: "\n") + "\n"
        }
        if isClean {
            let count = entries.count
            lines.append(
                "mapping copy is up to date: \(count) \(count == 1 ? "index matches" : "indices match")")
            return lines.joined(separator: "\n") + "\n"
        }
        let drift = drifted.count
        let failures = failed.count
        if failures > 0 {
            lines.append(
                "cannot check the mapping copy: \(failures) \(failures == 1 ? "file" : "files") could not be compared"
                    + (drift > 0 ? ", and \(drift) \(drift == 1 ? "index differs" : "indices differ")" : ""))
        } else {
            lines.append(
                "mapping copy is out of date: \(drift) \(drift == 1 ? "index differs" : "indices differ")")
        }
        for entry in entries where entry.status != .inSync {
            lines.append("")
            lines.append("\(entry.index) (\(entry.path)): \(entry.status.summary)")
            lines += entry.status.details.map { "  \($0)" }
        }
        lines.append("")
        lines.append("to fix it, run from the repository root:")
        lines.append("  \(MappingCopy.syncCommand)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension MappingCheckResult.Status {
    /// One line saying what is wrong.
    public var summary: String {
        switch self {
        case .inSync: "in sync"
        case .missing: "missing: the index exists but the copy has no file for it"
        case .stale: "stale: no such index any more, the file must be removed"
        case .formattingDiffers: "same structure but not in canonical form (edited by hand?)"
        case .differs(let diff):
            "differs from the index definition ("
                + [
                    diff.breakingChanges.isEmpty
                        ? nil : Self.count(diff.breakingChanges.count, "breaking change"),
                    diff.additiveChanges.isEmpty
                        ? nil : Self.count(diff.additiveChanges.count, "additive change"),
                ].compactMap { $0 }.joined(separator: ", ") + ")"
        case .unreadable(let reason): "error: cannot read the file: \(reason)"
        case .invalid(let reason): "error: not a valid index definition: \(reason)"
        }
    }

    /// The per-change lines (breaking first), read as "what the indexer has that the copy lacks".
    public var details: [String] {
        guard case .differs(let diff) = self else { return [] }
        return ["changes from the copy to the indexer's definition:"]
            + (diff.breakingChanges + diff.additiveChanges).map { "  \($0)" }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
