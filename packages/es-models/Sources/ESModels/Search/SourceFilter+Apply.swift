extension SourceFilter {
    /// Applies the filter to a document's `_source` as Elasticsearch does; `nil` when
    /// `_source` is not fetched.
    ///
    /// Paths are full dotted paths (`license_windows.countries`); `*` matches any run of
    /// characters, dots included. A field is kept when an include matches it or one of its
    /// parents (or there are no includes) and no exclude matches it or a parent. Arrays are
    /// filtered element by element; objects left empty by filtering are dropped.
    ///
    /// ```swift
    /// SourceFilter(includes: ["titles.*"], excludes: ["titles.fr"]).apply(to: doc)
    /// ```
    public func apply(to source: JSONValue) -> JSONValue? {
        guard fetch else { return nil }
        if includes.isEmpty && excludes.isEmpty { return source }
        guard case .object(let members) = source else { return source }
        return .object(filter(members, prefix: "", included: includes.isEmpty))
    }

    private func filter(_ members: [String: JSONValue], prefix: String, included: Bool) -> [String: JSONValue]
    {
        var result: [String: JSONValue] = [:]
        for (key, value) in members {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            if excludes.contains(where: { Self.matches($0, path) }) { continue }
            let isIncluded = included || includes.contains { Self.matches($0, path) }
            guard isIncluded || includes.contains(where: { Self.mayMatchBelow($0, path) }) else { continue }
            if let kept = filter(value, path: path, included: isIncluded) { result[key] = kept }
        }
        return result
    }

    private func filter(_ value: JSONValue, path: String, included: Bool) -> JSONValue? {
        switch value {
        case .object(let members):
            let kept = filter(members, prefix: path, included: included)
            if kept.isEmpty && !(included && members.isEmpty) { return Optional.none }
            return .object(kept)
        case .array(let elements):
            let kept = elements.compactMap { filter($0, path: path, included: included) }
            if kept.isEmpty && !(included && elements.isEmpty) { return Optional.none }
            return .array(kept)
        default:
            // Not `included ? value : nil`: that nil would be JSONValue.null.
            return included ? Optional.some(value) : Optional.none
        }
    }

    /// Whether a `*` pattern matches the whole path.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        guard pattern.contains("*") else { return pattern == path }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var remainder = Substring(path)
        guard let first = parts.first, remainder.hasPrefix(first) else { return false }
        remainder = remainder.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return part.isEmpty || remainder.hasSuffix(part) }
            guard let range = remainder.range(of: part) else { return false }
            remainder = remainder[range.upperBound...]
        }
        return true
    }

    /// Whether a pattern could match some field below `path`.
    private static func mayMatchBelow(_ pattern: String, _ path: String) -> Bool {
        let literal = pattern.prefix { $0 != "*" }
        let parent = path + "."
        return literal.count >= parent.count
            ? literal.hasPrefix(parent) : pattern.contains("*") && parent.hasPrefix(literal)
    }
}
