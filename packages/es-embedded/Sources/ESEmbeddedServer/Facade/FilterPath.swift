import ESModels

/// Elasticsearch's `filter_path` response filtering: comma-separated dotted paths whose segments
/// may be `*` patterns or `**` (any depth); a leading `-` excludes. Arrays are transparent, and
/// objects left empty are dropped.
struct FilterPath {
    private var includes: [[Substring]] = []
    private var excludes: [[Substring]] = []

    init?(_ parameter: String?) {
        guard let parameter, !parameter.isEmpty else { return nil }
        for item in parameter.split(separator: ",") {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("-") {
                excludes.append(trimmed.dropFirst().split(separator: "."))
            } else {
                includes.append(Substring(trimmed).split(separator: "."))
            }
        }
    }

    func apply(_ value: JSONValue) -> JSONValue {
        var result = value
        if !includes.isEmpty { result = Self.include(value, includes) ?? .object([:]) }
        if !excludes.isEmpty { result = Self.exclude(result, excludes) ?? .object([:]) }
        return result
    }

    private static func complete(_ pattern: [Substring]) -> Bool { pattern.allSatisfy { $0 == "**" } }

    /// The patterns left after a member named `key`.
    private static func step(_ patterns: [[Substring]], _ key: String) -> [[Substring]] {
        var next: [[Substring]] = []
        for pattern in patterns where !pattern.isEmpty {
            if pattern[0] == "**" {
                next.append(pattern)
                next.append(contentsOf: step([Array(pattern.dropFirst())], key))
            } else if Self.matches(pattern[0], key) {
                next.append(Array(pattern.dropFirst()))
            }
        }
        return next
    }

    private static func matches(_ pattern: Substring, _ key: String) -> Bool {
        guard pattern.contains("*") else { return pattern == key }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(key)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if let range = rest.range(of: part) {
                rest = rest[range.upperBound...]
            } else {
                return false
            }
        }
        return rest.isEmpty
    }

    private static func include(_ value: JSONValue, _ patterns: [[Substring]]) -> JSONValue? {
        if patterns.contains(where: complete) { return value }
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, member) in members {
                let next = step(patterns, key)
                if !next.isEmpty, let filtered = include(member, next) { kept[key] = filtered }
            }
            return kept.isEmpty ? nil : .object(kept)
        case .array(let elements):
            let kept = elements.compactMap { include($0, patterns) }
            return kept.isEmpty ? nil : .array(kept)
        default:
            return nil
        }
    }

    private static func exclude(_ value: JSONValue, _ patterns: [[Substring]]) -> JSONValue? {
        if patterns.contains(where: { $0.isEmpty }) { return nil }
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, member) in members {
                let next = step(patterns, key)
                if next.isEmpty {
                    kept[key] = member
                } else if let filtered = exclude(member, next) {
                    kept[key] = filtered
                }
            }
            return .object(kept)
        case .array(let elements):
            return .array(elements.compactMap { exclude($0, patterns) })
        default:
            return value
        }
    }
}
