import ESModels

/// A value while a script runs: lists and maps are shared references, as in Java, so that
/// `def tags = ctx._source.tags; tags.add('x')` changes the document.
enum PainlessValue {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case list(PainlessList)
    case map(PainlessMap)
    /// `doc['field']`: the field's values in a search context.
    case docValues([PainlessValue])

    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(Int64(number))
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(PainlessList(items.map(PainlessValue.init)))
        case .object(let members):
            self = .map(PainlessMap(members.mapValues(PainlessValue.init), order: members.keys.sorted()))
        default: self = .string(json.compactString)
        }
    }

    /// The JSON form (a map keeps its insertion order).
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(Int(number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .list(let list): .array(list.items.map(\.json))
        case .map(let map): .object(map.entries.mapValues(\.json))
        case .docValues(let values): .array(values.map(\.json))
        }
    }

    /// Java's type name, for error reasons.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "java.lang.Boolean"
        case .int: "java.lang.Integer"
        case .double: "java.lang.Double"
        case .string: "java.lang.String"
        case .list: "java.util.ArrayList"
        case .map: "java.util.HashMap"
        case .docValues: "org.elasticsearch.index.fielddata.ScriptDocValues"
        }
    }

    var number: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Equality as Java's `==` on boxed values (`equals` for strings, numbers by value).
    func equals(_ other: PainlessValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)):
            a === b || a.items.count == b.items.count && zip(a.items, b.items).allSatisfy { $0.equals($1) }
        case (.map(let a), .map(let b)):
            a === b
                || a.entries.count == b.entries.count
                    && a.entries.allSatisfy { key, value in b.entries[key].map(value.equals) ?? false }
        default:
            if let a = number, let b = other.number { a == b } else { false }
        }
    }
}

final class PainlessList {
    var items: [PainlessValue]
    init(_ items: [PainlessValue]) { self.items = items }
}

final class PainlessMap {
    var entries: [String: PainlessValue]
    var order: [String]
    /// Whether reading a missing key fails (`doc['unmapped']`) instead of answering null.
    var missingKeysFail = false
    init(_ entries: [String: PainlessValue], order: [String]) {
        self.entries = entries
        self.order = order
    }

    subscript(key: String) -> PainlessValue? {
        get { entries[key] }
        set {
            if let newValue {
                if entries[key] == nil { order.append(key) }
                entries[key] = newValue
            } else {
                entries[key] = nil
                order.removeAll { $0 == key }
            }
        }
    }
}
