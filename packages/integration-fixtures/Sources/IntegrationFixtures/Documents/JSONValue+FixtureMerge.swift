import ESModels

extension JSONValue {
    /// Returns this default document with a test's partial `override` merged in: objects merge
    /// member by member, recursively; arrays and scalars are replaced; an explicit `null`
    /// removes the member, so `["fr": nil]` in `titles` leaves the document without a French
    /// title.
    public func mergingFixtureOverride(_ override: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let overrides) = override else {
            return override
        }
        for (key, value) in overrides {
            if value.isNull {
                members[key] = nil
            } else if let existing = members[key] {
                members[key] = existing.mergingFixtureOverride(value)
            } else {
                members[key] = value.removingNullMembers()
            }
        }
        return .object(members)
    }

    /// This value without `null` members in any object, at any depth.
    func removingNullMembers() -> JSONValue {
        switch self {
        case .object(let members):
            .object(members.filter { !$0.value.isNull }.mapValues { $0.removingNullMembers() })
        case .array(let elements):
            .array(elements.map { $0.removingNullMembers() })
        default:
            self
        }
    }
}
