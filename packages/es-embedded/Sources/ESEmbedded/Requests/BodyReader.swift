import ESModels

/// Reads the members of a JSON object of a request body, remembering which were read so that
/// the rest can be refused as Elasticsearch refuses unknown fields.
struct BodyReader {
    private let members: [String: JSONValue]
    private let name: String
    private var remaining: Set<String>

    /// A reader of `json`, which must be an object.
    ///
    /// - Throws: `parsing_exception` "[name] expected an object, found [TOKEN]".
    init(_ json: JSONValue, name: String) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[\(name)] expected an object, found [\(json.tokenName)]")
        }
        self.init(members: members, name: name)
    }

    init(members: [String: JSONValue], name: String) {
        self.members = members
        self.name = name
        remaining = Set(members.keys)
    }

    /// Members not read yet, in sorted order.
    var unreadKeys: [String] { remaining.sorted() }

    func contains(_ key: String) -> Bool { members[key] != nil }

    mutating func value(_ key: String) -> JSONValue? {
        remaining.remove(key)
        return members[key]
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = value(key), !value.isNull else { return nil }
        switch value {
        case .string(let text): return text
        case .int, .double, .bool: return value.compactString
        default: throw mistyped(key, expected: "a string", found: value)
        }
    }

    mutating func int(_ key: String) throws -> Int? {
        guard let value = value(key), !value.isNull else { return nil }
        if let number = value.intValue { return number }
        if case .string(let text) = value, let number = Int(text) { return number }
        throw mistyped(key, expected: "an integer", found: value)
    }

    mutating func double(_ key: String) throws -> Double? {
        guard let value = value(key), !value.isNull else { return nil }
        if let number = value.doubleValue { return number }
        if case .string(let text) = value, let number = Double(text) { return number }
        throw mistyped(key, expected: "a number", found: value)
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = value(key), !value.isNull else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw mistyped(key, expected: "a boolean", found: value)
        }
    }

    /// Throws `x_content_parse_exception` "[name] unknown field [key]" for the first member not read.
    func rejectUnknownFields() throws {
        if let key = unreadKeys.first {
            throw ElasticsearchError.xContentParse("[\(name)] unknown field [\(key)]")
        }
    }

    private func mistyped(_ key: String, expected: String, found: JSONValue) -> ElasticsearchError {
        ElasticsearchError.xContentParse(
            "[\(name)] failed to parse field [\(key)]: expected \(expected), found [\(found.tokenName)]")
    }
}
