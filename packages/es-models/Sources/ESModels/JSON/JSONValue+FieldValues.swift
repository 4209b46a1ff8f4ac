extension JSONValue {
    /// Every value a document holds for a dotted field path, the way Elasticsearch reads
    /// fields from `_source`: arrays are flattened at any level, so
    /// `license_windows.countries` on `{"license_windows": [{"countries": ["KE"]},
    /// {"countries": ["ZA", "NG"]}]}` gives `["KE", "ZA", "NG"]`. Nulls are left out.
    ///
    /// Keys that contain dots themselves (`{"a.b": 1}`) are found too.
    public func fieldValues(atPath path: String) -> [JSONValue] {
        var result: [JSONValue] = []
        collect(path[...], into: &result)
        return result
    }

    private func collect(_ path: Substring, into result: inout [JSONValue]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(path, into: &result) }
        case .object(let members):
            if path.isEmpty { return result.append(self) }
            if let direct = members[String(path)] { direct.collect("", into: &result) }
            var end = path.startIndex
            while let dot = path[end...].firstIndex(of: ".") {
                if let child = members[String(path[..<dot])] {
                    child.collect(path[path.index(after: dot)...], into: &result)
                }
                end = path.index(after: dot)
            }
        case .null:
            return
        default:
            if path.isEmpty { result.append(self) }
        }
    }
}
