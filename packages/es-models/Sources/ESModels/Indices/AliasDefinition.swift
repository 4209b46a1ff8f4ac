/// The properties of an alias on one index: `{"filter": ..., "is_write_index": true, ...}`.
///
/// Used in a create-index body (`"aliases": {"assetflat": {}}`), in an `add` alias action
/// and in get-alias responses.
public struct AliasDefinition: Sendable, Equatable {
    /// Only documents matching this query are seen through the alias.
    public var filter: Query?
    /// Whether writes through the alias go to this index.
    public var isWriteIndex: Bool?
    /// Whether the alias is hidden from wildcard expressions.
    public var isHidden: Bool?
    /// Routing for both indexing and search.
    public var routing: String?
    /// Routing for indexing.
    public var indexRouting: String?
    /// Routing for search.
    public var searchRouting: String?

    /// Creates an alias definition; all properties are optional.
    public init(
        filter: Query? = nil, isWriteIndex: Bool? = nil, isHidden: Bool? = nil, routing: String? = nil,
        indexRouting: String? = nil, searchRouting: String? = nil
    ) {
        self.filter = filter
        self.isWriteIndex = isWriteIndex
        self.isHidden = isHidden
        self.routing = routing
        self.indexRouting = indexRouting
        self.searchRouting = searchRouting
    }
}

extension AliasDefinition: JSONConvertible {
    /// Decodes `{"filter": {...}, "is_write_index": true, "routing": "1", ...}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "alias")
        try self.init(reading: &reader)
        try reader.rejectUnknownFields()
    }

    /// Reads the definition's members from a reader that may hold others (an `add` action).
    init(reading reader: inout JSONObjectReader) throws {
        self.init()
        if let filter = reader.value("filter"), !filter.isNull { self.filter = try Query(json: filter) }
        isWriteIndex = try reader.bool("is_write_index")
        isHidden = try reader.bool("is_hidden")
        routing = try reader.string("routing")
        indexRouting = try reader.string("index_routing")
        searchRouting = try reader.string("search_routing")
    }

    /// The members that are set; `{}` when none is.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        members["filter"] = filter?.json
        members["is_write_index"] = isWriteIndex.map(JSONValue.bool)
        members["is_hidden"] = isHidden.map(JSONValue.bool)
        members["routing"] = routing.map(JSONValue.string)
        members["index_routing"] = indexRouting.map(JSONValue.string)
        members["search_routing"] = searchRouting.map(JSONValue.string)
        return .object(members)
    }
}
