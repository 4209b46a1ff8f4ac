/// One action of an update-aliases request; all actions of a request apply atomically.
///
/// ```swift
/// // Point "assetflat" at the new index and drop the old one, in one step:
/// try await backend.updateAliases(UpdateAliasesRequest([
///     .add(index: "assetflat-v2", alias: "assetflat"),
///     .remove(index: "assetflat-v1", alias: "assetflat"),
/// ]))
/// ```
public enum AliasAction: Sendable, Equatable {
    /// Adds `alias` to `index`.
    case add(index: String, alias: String, definition: AliasDefinition)
    /// Removes `alias` from `index`; with `mustExist: true` a missing alias fails the request.
    case remove(index: String, alias: String, mustExist: Bool?)
    /// Deletes `index` (a concrete index, never an alias).
    case removeIndex(index: String)

    /// Adds `alias` to `index` with no filter or routing.
    public static func add(index: String, alias: String) -> AliasAction {
        .add(index: index, alias: alias, definition: AliasDefinition())
    }

    /// Removes `alias` from `index`.
    public static func remove(index: String, alias: String) -> AliasAction {
        .remove(index: index, alias: alias, mustExist: nil)
    }

    /// The action's name in the API (`add`, `remove`, `remove_index`).
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .removeIndex: "remove_index"
        }
    }

    /// `{"add": {"index": ..., "alias": ..., ...}}`, `{"remove": {...}}` or
    /// `{"remove_index": {"index": ...}}`.
    public var json: JSONValue {
        switch self {
        case .add(let index, let alias, let definition):
            var body = definition.json
            body["index"] = .string(index)
            body["alias"] = .string(alias)
            return ["add": body]
        case .remove(let index, let alias, let mustExist):
            var body: JSONValue = ["index": .string(index), "alias": .string(alias)]
            if let mustExist { body["must_exist"] = .bool(mustExist) }
            return ["remove": body]
        case .removeIndex(let index):
            return ["remove_index": ["index": .string(index)]]
        }
    }

    /// Decodes one action object, expanding `indices`/`aliases` arrays into one action per
    /// pair, as Elasticsearch does.
    ///
    /// - Throws: `x_content_parse_exception` / `illegal_argument_exception` /
    ///   `action_request_validation_exception` with Elasticsearch's reasons.
    public static func list(json: JSONValue) throws -> [AliasAction] {
        guard case .object(let members) = json, members.count == 1, let name = members.keys.first,
            let body = members[name]
        else {
            throw ElasticsearchError.xContentParse(
                "[alias_action] expected exactly one action (add, remove, remove_index)")
        }
        var reader = try JSONObjectReader(body, name: name)
        let indices = try (reader.strings("index") ?? []) + (reader.strings("indices") ?? [])
        guard !indices.isEmpty else {
            throw ElasticsearchError.validation(["One of [index] or [indices] is required"])
        }
        if name == "remove_index" {
            try reader.rejectUnknownFields()
            return indices.map { .removeIndex(index: $0) }
        }
        let aliases = try (reader.strings("alias") ?? []) + (reader.strings("aliases") ?? [])
        guard !aliases.isEmpty else {
            throw ElasticsearchError.validation(["One of [alias] or [aliases] is required"])
        }
        let actions: [(String, String)] = indices.flatMap { index in aliases.map { (index, $0) } }
        switch name {
        case "add":
            let definition = try AliasDefinition(reading: &reader)
            try reader.rejectUnknownFields()
            return actions.map { .add(index: $0.0, alias: $0.1, definition: definition) }
        case "remove":
            let mustExist = try reader.bool("must_exist")
            try reader.rejectUnknownFields()
            return actions.map { .remove(index: $0.0, alias: $0.1, mustExist: mustExist) }
        default:
            throw ElasticsearchError.xContentParse("[aliases] unknown field [\(name)]")
        }
    }
}
