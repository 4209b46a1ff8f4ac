extension JSONValue {
    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is an integer or a double with no fractional part that fits.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The number as a double, when this is an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// Whether this is a number (integer or double).
    public var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }

    /// The member named `key` of an object; `nil` when absent or when this is not an object.
    ///
    /// Setting a member of a non-object turns it into an object; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { objectValue?[key] }
        set {
            var members = objectValue ?? [:]
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at a dotted path of object keys (`"titles.en"`); `nil` when any step is missing.
    ///
    /// A key that itself contains dots (as Elasticsearch allows in `_source`) is found too:
    /// at every level the longest matching key is tried first.
    public func value(atPath path: String) -> JSONValue? {
        if path.isEmpty { return self }
        guard case .object(let members) = self else { return nil }
        if let direct = members[path] { return direct }
        var prefix = Substring(path)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if let child = members[String(prefix)] {
                let rest = path[path.index(after: dot)...]
                if let found = child.value(atPath: String(rest)) { return found }
            }
        }
        return nil
    }
}
