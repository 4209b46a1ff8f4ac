import Foundation

/// Forms CI systems consume: a GitHub Actions matrix and `swift test` command lines.
public enum CIFormatters {
    /// The selected suites grouped by package, in order.
    static func byPackage(_ selection: Selection) -> [(package: String, targets: [String])] {
        var groups: [(package: String, targets: [String])] = []
        for suite in selection.selected {
            if groups.last?.package == suite.package {
                groups[groups.count - 1].targets.append(suite.target)
            } else {
                groups.append((suite.package, [suite.target]))
            }
        }
        return groups
    }

    /// The `swift test --filter` regular expression running exactly these test targets
    /// (empty when the whole package must run).
    public static func filter(for targets: [String]) -> String {
        if targets.contains("*") { return "" }
        return "^(" + targets.map(escapeRegex).joined(separator: "|") + ")\\."
    }

    static func escapeRegex(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// `{"include":[{"package":..,"targets":[..],"filter":..}]}` for a GitHub Actions matrix.
    public static func githubMatrix(_ selection: Selection) -> String {
        let include = byPackage(selection).map { group -> JSONValue in
            .object([
                ("package", .string(group.package)), ("targets", .strings(group.targets)),
                ("filter", .string(filter(for: group.targets))),
            ])
        }
        return JSONValue.object([("include", .array(include))]).serialized() + "\n"
    }

    /// One `swift test --package-path P --filter '...'` line per package, to run from the repository root.
    public static func commands(_ selection: Selection) -> String {
        byPackage(selection).map { group in
            let filter = filter(for: group.targets)
            let path = shellQuote(group.package)
            return filter.isEmpty
                ? "swift test --package-path \(path)"
                : "swift test --package-path \(path) --filter \(shellQuote(filter))"
        }.map { $0 + "\n" }.joined()
    }

    /// Quotes a word for a POSIX shell when it needs it.
    static func shellQuote(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@".contains($0) }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
