extension JSONValue {
    /// Returns this value deep-merged with `other`: objects merge member by member,
    /// recursively; anything else (arrays included) is replaced by `other`'s value.
    ///
    /// This is the rule of Elasticsearch's partial update (`{"doc": ...}`) and of fixture
    /// overrides: `["a": ["b": 1, "c": 2]].merging(["a": ["c": 3]])` is
    /// `["a": ["b": 1, "c": 3]]`. An explicit `null` in `other` sets the member to `null`.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let overrides) = other else {
            return other
        }
        for (key, value) in overrides {
            if let existing = members[key] {
                members[key] = existing.merging(value)
            } else {
                members[key] = value
            }
        }
        return .object(members)
    }

    /// Deep-merges `other` into this value; see ``merging(_:)``.
    public mutating func merge(_ other: JSONValue) {
        self = merging(other)
    }
}
