/// The body of update-aliases: `{"actions": [...]}`, applied atomically.
public struct UpdateAliasesRequest: Sendable, Equatable {
    /// The actions, in order.
    public var actions: [AliasAction]

    /// Creates a request.
    public init(_ actions: [AliasAction]) {
        self.actions = actions
    }

    /// Moves `alias` to `index` and off every index in `previous`, atomically.
    public static func swap(alias: String, to index: String, from previous: [String]) -> UpdateAliasesRequest
    {
        UpdateAliasesRequest(
            [.add(index: index, alias: alias)]
                + previous.filter { $0 != index }.map { .remove(index: $0, alias: alias) })
    }
}

extension UpdateAliasesRequest: JSONConvertible {
    /// Decodes `{"actions": [...]}`.
    ///
    /// - Throws: `action_request_validation_exception` "Validation Failed: 1: Must specify
    ///   at least one alias action;" for an empty list, or the errors of
    ///   ``AliasAction/list(json:)``.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "aliases")
        let actions = try (reader.value("actions")?.arrayValue ?? []).flatMap(AliasAction.list(json:))
        try reader.rejectUnknownFields()
        guard !actions.isEmpty else {
            throw ElasticsearchError.validation(["Must specify at least one alias action"])
        }
        self.init(actions)
    }

    public var json: JSONValue {
        ["actions": .array(actions.map(\.json))]
    }
}
