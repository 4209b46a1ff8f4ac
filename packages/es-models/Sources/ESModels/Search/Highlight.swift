/// A search's `highlight` member: the fields whose matching terms to mark in each hit, and how.
///
/// ```swift
/// let request = SearchRequest(
///     query: .match("titles.en", "heat"),
///     highlight: Highlight(fields: ["titles.en": .init(numberOfFragments: 0)]))
/// let fragments = try await backend.search("assetflat", request: request).hits.hits[0].highlight
/// // ["titles.en": ["<em>Heat</em>"]]
/// ```
public struct Highlight: Sendable, Equatable {
    /// The options of one highlighted field (the request's own when unset).
    public struct Field: Sendable, Equatable {
        /// Characters per fragment (100 when unset).
        public var fragmentSize: Int?
        /// The most fragments (5 when unset; 0 returns the whole value).
        public var numberOfFragments: Int?

        /// Creates field options.
        public init(fragmentSize: Int? = nil, numberOfFragments: Int? = nil) {
            self.fragmentSize = fragmentSize
            self.numberOfFragments = numberOfFragments
        }
    }

    /// The fields (names or patterns) to highlight.
    public var fields: [String: Field]
    /// What goes before a match (`<em>` when unset).
    public var preTags: [String]?
    /// What goes after a match (`</em>` when unset).
    public var postTags: [String]?
    /// Whether only the fields a query names are highlighted (`true` when unset).
    public var requireFieldMatch: Bool?
    /// Characters per fragment for every field.
    public var fragmentSize: Int?
    /// The most fragments for every field.
    public var numberOfFragments: Int?

    /// Creates a highlight request.
    public init(
        fields: [String: Field], preTags: [String]? = nil, postTags: [String]? = nil,
        requireFieldMatch: Bool? = nil, fragmentSize: Int? = nil, numberOfFragments: Int? = nil
    ) {
        self.fields = fields
        self.preTags = preTags
        self.postTags = postTags
        self.requireFieldMatch = requireFieldMatch
        self.fragmentSize = fragmentSize
        self.numberOfFragments = numberOfFragments
    }
}

extension Highlight: JSONConvertible {
    /// Decodes `{"fields": {"title": {}}, "pre_tags": [...], ...}` (`fields` also as a list of
    /// one-field objects).
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "highlight")
        var fields: [String: Field] = [:]
        switch reader.value("fields") {
        case .object(let specs)?:
            for (name, spec) in specs { fields[name] = try Field(json: spec) }
        case .array(let list)?:
            for entry in list {
                for (name, spec) in entry.objectValue ?? [:] { fields[name] = try Field(json: spec) }
            }
        default: throw ElasticsearchError.illegalArgument("highlight fields are missing")
        }
        self.init(fields: fields)
        preTags = try reader.strings("pre_tags")
        postTags = try reader.strings("post_tags")
        requireFieldMatch = try reader.bool("require_field_match")
        fragmentSize = try reader.int("fragment_size")
        numberOfFragments = try reader.int("number_of_fragments")
        try reader.rejectUnknownFields()
    }

    /// The body, leaving out what is unset.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["fields": .object(fields.mapValues(\.json))]
        members["pre_tags"] = preTags.map { .array($0.map(JSONValue.string)) }
        members["post_tags"] = postTags.map { .array($0.map(JSONValue.string)) }
        members["require_field_match"] = requireFieldMatch.map(JSONValue.bool)
        members["fragment_size"] = fragmentSize.map(JSONValue.int)
        members["number_of_fragments"] = numberOfFragments.map(JSONValue.int)
        return .object(members)
    }
}

extension Highlight.Field: JSONConvertible {
    /// Decodes `{"fragment_size": 150, "number_of_fragments": 3}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "highlight_field")
        self.init(
            fragmentSize: try reader.int("fragment_size"),
            numberOfFragments: try reader.int("number_of_fragments"))
        try reader.rejectUnknownFields()
    }

    /// The options, leaving out what is unset (`{}` for none).
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        members["fragment_size"] = fragmentSize.map(JSONValue.int)
        members["number_of_fragments"] = numberOfFragments.map(JSONValue.int)
        return .object(members)
    }
}
