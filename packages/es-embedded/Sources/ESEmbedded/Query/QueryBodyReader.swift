import ESModels

/// Reads the members of one query's body, remembering which were read so that the rest can be
/// refused as Elasticsearch's query parsers refuse them ("[x] query does not support [y]").
struct QueryBodyReader {
    private var members: [String: JSONValue]
    let name: String

    init(_ json: JSONValue, name: String) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[\(name)] query malformed, no start_object after query name")
        }
        self.members = members
        self.name = name
    }

    mutating func value(_ key: String) -> JSONValue? {
        members.removeValue(forKey: key)
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        switch value {
        case .string(let text): return text
        case .int, .double, .bool: return try? FieldValueConverter.text(of: value)
        default: throw mistyped(key, value)
        }
    }

    mutating func double(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text):
            guard let number = Double(text) else { throw mistyped(key, value) }
            return number
        default: throw mistyped(key, value)
        }
    }

    mutating func int(_ key: String) throws -> Int? {
        guard let number = try double(key) else { return nil }
        return Int(number)
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw mistyped(key, value)
        }
    }

    /// A query member (an object holding one query).
    mutating func query(_ key: String) throws -> DSLQuery? {
        guard let value = value(key) else { return nil }
        return try DSLQuery(json: value)
    }

    /// Refuses the first member not read.
    func rejectUnknown() throws {
        if let key = members.keys.sorted().first {
            throw ElasticsearchError.parsing("[\(name)] query does not support [\(key)]")
        }
    }

    private func mistyped(_ key: String, _ value: JSONValue) -> ElasticsearchError {
        ElasticsearchError.parsing("[\(name)] query does not support [\(key)] of type [\(value.tokenName)]")
    }
}
