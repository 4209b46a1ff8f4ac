extension MappingChange {
    /// The change read from a live index towards `reference` (what the index should be, such
    /// as "the definition"), in the words every drift report uses:
    /// `[additive] series_uuid: in the definition, not in the live index (keyword)`,
    /// `[breaking] director: in the live index, not in the definition (text), added by dynamic
    /// mapping`, `[breaking] system: type is [text] in the live index, [keyword] in the definition`.
    ///
    /// - Parameters:
    ///   - reference: what the live index is compared with, as the text names it.
    ///   - origin: for a field only the live index has, how it got there (appended after a
    ///     comma), when that can be told.
    public func liveDescription(reference: String = "the definition", origin: String? = nil) -> String {
        let summary: String
        switch kind {
        case .fieldAdded(let field):
            summary = "in \(reference), not in the live index (\(field.type))"
        case .fieldRemoved(let field):
            summary =
                "in the live index, not in \(reference) (\(field.type))" + (origin.map { ", \($0)" } ?? "")
        case .typeChanged(let from, let to):
            summary = "type is [\(from)] in the live index, [\(to)] in \(reference)"
        case .parameterChanged(let name, let from, let to):
            summary = "[\(name)] is \(Self.live(from)) in the live index, \(Self.live(to)) in \(reference)"
        case .settingChanged(let name, let from, let to):
            summary =
                "setting [\(name)] is \(Self.live(from)) in the live index, \(Self.live(to)) in \(reference)"
        case .aliasChanged:
            summary = self.summary
        }
        return "[\(impact.rawValue)] \(path): \(summary)"
    }

    private static func live(_ value: JSONValue?) -> String {
        value.map(\.compactString) ?? "(unset)"
    }
}
