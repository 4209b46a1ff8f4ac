/// Reads the members of a JSON object one by one for a typed decoder, converting values as
/// leniently as Elasticsearch does (`"2"` for a number, `"true"` for a boolean) and
/// reporting mistyped and unknown members as Elasticsearch errors.
struct JSONObjectReader {
    /// The name used in error reasons, as Elasticsearch writes it (`term`, `bool`, ...).
    let name: String
    private let members: [String: JSONValue]
    private var remaining: Set<String>

    /// Starts reading `json`, which must be an object.
    ///
    /// - Throws: `x_content_parse_exception` "[name] expected an object, found [TOKEN]".
    init(_ json: JSONValue, name: String) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.xContentParse("[\(name)] expected an object, found [\(json.tokenName)]")
        }
        self.init(members: members, name: name)
    }

    /// Starts reading already-extracted members.
    init(members: [String: JSONValue], name: String) {
        self.name = name
        self.members = members
        self.remaining = Set(members.keys)
    }

    /// The keys not read yet, sorted.
    var unreadKeys: [String] { remaining.sorted() }

    /// Whether `key` is present (without reading it).
    func contains(_ key: String) -> Bool { members[key] != nil }

    /// Reads a member as is.
    mutating func value(_ key: String) -> JSONValue? {
        remaining.remove(key)
        return members[key]
    }

    /// Reads a string member; numbers and booleans are accepted and written as text, as
    /// Elasticsearch does.
    mutating func string(_ key: String) throws -> String? {
        guard let value = value(key), !value.isNull else { return nil }
        switch value {
        case .string(let text): return text
        case .int, .double, .bool: return value.compactString
        default: throw mistyped(key, expected: "a string", found: value)
        }
    }

    /// Reads a required string member.
    mutating func requiredString(_ key: String) throws -> String {
        guard let text = try string(key) else {
            throw ElasticsearchError.parsing("[\(name)] requires [\(key)]")
        }
        return text
    }

    /// Reads an integer member (a whole number, or a string holding one).
    mutating func int(_ key: String) throws -> Int? {
        guard let value = value(key), !value.isNull else { return nil }
        if let number = value.intValue { return number }
        if case .string(let text) = value, let number = Int(text) { return number }
        throw mistyped(key, expected: "an integer", found: value)
    }

    /// Reads a number member (or a string holding one).
    mutating func double(_ key: String) throws -> Double? {
        guard let value = value(key), !value.isNull else { return nil }
        if let number = value.doubleValue { return number }
        if case .string(let text) = value, let number = Double(text) { return number }
        throw mistyped(key, expected: "a number", found: value)
    }

    /// Reads a boolean member (or the string `"true"`/`"false"`).
    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = value(key), !value.isNull else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw mistyped(key, expected: "a boolean", found: value)
        }
    }

    /// Reads a member holding an array of strings, or a single string.
    mutating func strings(_ key: String) throws -> [String]? {
        guard let value = value(key), !value.isNull else { return nil }
        switch value {
        case .string(let text): return [text]
        case .array(let elements):
            return try elements.map { element in
                guard let text = element.stringValue else {
                    throw mistyped(key, expected: "an array of strings", found: element)
                }
                return text
            }
        default: throw mistyped(key, expected: "a string or an array of strings", found: value)
        }
    }

    /// Throws `x_content_parse_exception` "[name] unknown field [key]" for the first member
    /// not read, the way Elasticsearch's object parsers report unknown fields.
    func rejectUnknownFields() throws {
        if let key = unreadKeys.first {
            throw ElasticsearchError.xContentParse("[\(name)] unknown field [\(key)]")
        }
    }

    /// Throws `parsing_exception` "[name] query does not support [key]" for the first member
    /// not read, the way Elasticsearch's hand-written query parsers report unknown fields.
    func rejectUnknownQueryFields() throws {
        if let key = unreadKeys.first {
            throw ElasticsearchError.parsing("[\(name)] query does not support [\(key)]")
        }
    }

    /// The error for a member of the wrong JSON type.
    func mistyped(_ key: String, expected: String, found: JSONValue) -> ElasticsearchError {
        ElasticsearchError.xContentParse(
            "[\(name)] failed to parse field [\(key)]: expected \(expected), found [\(found.tokenName)]")
    }
}
