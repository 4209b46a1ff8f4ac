/// Everything needed to create an index: settings, mappings and aliases; its JSON is the
/// create-index request body.
///
/// ```swift
/// let definition = IndexDefinition(
///     settings: IndexSettings(numberOfShards: 1, numberOfReplicas: 0),
///     mappings: Mapping(dynamic: .strict) { Property.keyword("code") })
/// try await backend.createIndex("territories-v2", definition: definition)
/// definition.canonicalJSON  // the fixture file form
/// ```
public struct IndexDefinition: Sendable, Equatable {
    /// The index settings.
    public var settings: IndexSettings
    /// The mapping.
    public var mappings: Mapping
    /// Aliases created with the index, by alias name.
    public var aliases: [String: AliasDefinition]

    /// Creates a definition.
    public init(
        settings: IndexSettings = IndexSettings(), mappings: Mapping = Mapping(),
        aliases: [String: AliasDefinition] = [:]
    ) {
        self.settings = settings
        self.mappings = mappings
        self.aliases = aliases
    }
}

extension IndexDefinition: JSONConvertible {
    /// Decodes a create-index body `{"settings": ..., "mappings": ..., "aliases": ...}`; every
    /// member is optional, and an empty body is allowed.
    ///
    /// - Throws: `parse_exception` `unknown key [x] for create index` for other members, or
    ///   the errors of ``IndexSettings``, ``Mapping`` and ``AliasDefinition``.
    public init(json: JSONValue) throws {
        if json.isNull {
            self.init()
            return
        }
        guard case .object(let members) = json else {
            throw ElasticsearchError.parse("Failed to derive xcontent")
        }
        self.init()
        for key in members.keys.sorted() {
            guard let value = members[key] else { continue }
            switch key {
            case "settings": settings = try IndexSettings(json: value)
            case "mappings": mappings = try Mapping(json: value)
            case "aliases":
                guard case .object(let entries) = value else {
                    throw ElasticsearchError.parse("aliases must be an object, found [\(value.tokenName)]")
                }
                aliases = try entries.mapValues(AliasDefinition.init(json:))
            default:
                throw ElasticsearchError.parse("unknown key [\(key)] for create index")
            }
        }
    }

    /// `{"settings": ..., "mappings": ..., "aliases": ...}`, leaving out empty settings and
    /// aliases.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["mappings": mappings.json]
        if !settings.isEmpty { members["settings"] = settings.json }
        if !aliases.isEmpty { members["aliases"] = .object(aliases.mapValues(\.json)) }
        return .object(members)
    }

    /// The canonical file form (sorted keys, two-space indent, trailing newline).
    public var canonicalJSON: String {
        json.canonicalString
    }
}
