/// Reads the members of a JSON object one by one for a typed decoder, converting values as
/// leniently as Elasticsearch does (`"2"` for a number, `"true"` for a boolean) and
/// reporting mistyped and unknown members as Elasticsearch errors, in the wording of the
/// Elasticsearch parser the decoder stands in for (its ``Style``).
///
/// ```swift
/// var reader = try JSONObjectReader(body, name: "prefix", style: .queryParser)
/// let value = try reader.string("value")            // "he", or 2 read as "2"
/// let boost = try reader.double("boost")
/// try reader.rejectUnknownQueryFields()             // "[prefix] query does not support [x]"
/// ```
public struct JSONObjectReader {
    /// How a reader reads members and words its errors, as one kind of Elasticsearch parser.
    public enum Style: Sendable, Equatable {
        /// Elasticsearch's declarative object parsers (`ObjectParser`): a value that is not an
        /// object or a mistyped member is `x_content_parse_exception` ("[name] expected an
        /// object, found [TOKEN]", "[name] failed to parse field [key]: expected a number,
        /// found [TOKEN]"), and a `null` member is unset.
        case objectParser
        /// Elasticsearch's hand-written query parsers: a value that is not an object is
        /// `parsing_exception` "[name] query malformed, no start_object after query name", a
        /// mistyped member (`null` included) "[name] query does not support [key] of type
        /// [TOKEN]", and an integer member may be any number (its whole part counts).
        case queryParser
    }

    /// The name used in error reasons, as Elasticsearch writes it (`term`, `bool`, ...).
    public let name: String
    /// How members are read and errors worded.
    public let style: Style
    private let members: [String: JSONValue]
    private var remaining: Set<String>

    /// Starts reading `json`, which must be an object.
    ///
    /// - Throws: `x_content_parse_exception` "[name] expected an object, found [TOKEN]"
    ///   (`.objectParser`), `parsing_exception` "[name] query malformed, no start_object after
    ///   query name" (`.queryParser`).
    public init(_ json: JSONValue, name: String, style: Style = .objectParser) throws {
        guard case .object(let members) = json else {
            switch style {
            case .objectParser:
                throw ElasticsearchError.xContentParse(
                    "[\(name)] expected an object, found [\(json.tokenName)]")
            case .queryParser:
                throw ElasticsearchError.parsing(
                    "[\(name)] query malformed, no start_object after query name")
            }
        }
        self.init(members: members, name: name, style: style)
    }

    /// Starts reading already-extracted members.
    public init(members: [String: JSONValue], name: String, style: Style = .objectParser) {
        self.name = name
        self.style = style
        self.members = members
        self.remaining = Set(members.keys)
    }

    /// The keys not read yet, sorted.
    public var unreadKeys: [String] { remaining.sorted() }

    /// Whether `key` is present (without reading it).
    public func contains(_ key: String) -> Bool { members[key] != nil }

    /// Reads a member as is.
    public mutating func value(_ key: String) -> JSONValue? {
        remaining.remove(key)
        return members[key]
    }

    /// Reads a string member; numbers and booleans are accepted and written as text, as
    /// Elasticsearch does.
    public mutating func string(_ key: String) throws -> String? {
        guard let value = present(key) else { return nil }
        switch value {
        case .string(let text): return text
        case .int(let number) where style == .queryParser: return String(number)
        case .double(let number) where style == .queryParser: return String(number)
        case .int, .double, .bool: return value.compactString
        default: throw mistyped(key, expected: "a string", found: value)
        }
    }

    /// Reads a required string member.
    public mutating func requiredString(_ key: String) throws -> String {
        guard let text = try string(key) else {
            throw ElasticsearchError.parsing("[\(name)] requires [\(key)]")
        }
        return text
    }

    /// Reads an integer member (a whole number, or a string holding one; with
    /// `.queryParser`, the whole part of any number).
    public mutating func int(_ key: String) throws -> Int? {
        if style == .queryParser {
            guard let number = try double(key) else { return nil }
            guard let whole = Int(exactly: number.rounded(.towardZero)) else {
                throw mistyped(key, expected: "an integer", found: .double(number))
            }
            return whole
        }
        guard let value = present(key) else { return nil }
        if let number = value.intValue { return number }
        if case .string(let text) = value, let number = Int(text) { return number }
        throw mistyped(key, expected: "an integer", found: value)
    }

    /// Reads a number member (or a string holding one).
    public mutating func double(_ key: String) throws -> Double? {
        guard let value = present(key) else { return nil }
        if let number = value.doubleValue { return number }
        if case .string(let text) = value, let number = Double(text) { return number }
        throw mistyped(key, expected: "a number", found: value)
    }

    /// Reads a boolean member (or the string `"true"`/`"false"`).
    public mutating func bool(_ key: String) throws -> Bool? {
        guard let value = present(key) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw mistyped(key, expected: "a boolean", found: value)
        }
    }

    /// Reads a member holding an array of strings, or a single string.
    public mutating func strings(_ key: String) throws -> [String]? {
        guard let value = present(key) else { return nil }
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
    public func rejectUnknownFields() throws {
        if let key = unreadKeys.first {
            throw ElasticsearchError.xContentParse("[\(name)] unknown field [\(key)]")
        }
    }

    /// Throws `parsing_exception` "[name] query does not support [key]" for the first member
    /// not read, the way Elasticsearch's hand-written query parsers report unknown fields.
    public func rejectUnknownQueryFields() throws {
        if let key = unreadKeys.first {
            throw ElasticsearchError.parsing("[\(name)] query does not support [\(key)]")
        }
    }

    /// The error for a member of the wrong JSON type, in the reader's style.
    ///
    /// - Parameters:
    ///   - key: the member's name.
    ///   - expected: what the member should hold (`a number`), for `.objectParser`.
    ///   - found: what it holds.
    public func mistyped(_ key: String, expected: String, found: JSONValue) -> ElasticsearchError {
        switch style {
        case .objectParser:
            ElasticsearchError.xContentParse(
                "[\(name)] failed to parse field [\(key)]: expected \(expected), found [\(found.tokenName)]")
        case .queryParser:
            ElasticsearchError.parsing(
                "[\(name)] query does not support [\(key)] of type [\(found.tokenName)]")
        }
    }

    /// Reads a member, `nil` when absent (or `null`, for `.objectParser`: the query parsers
    /// refuse a `null` as mistyped).
    private mutating func present(_ key: String) -> JSONValue? {
        guard let value = value(key) else { return nil }
        // Not `? nil :` — JSONValue is nil-literal expressible, which would give `.null`.
        if style == .objectParser, value.isNull { return nil }
        return value
    }
}
