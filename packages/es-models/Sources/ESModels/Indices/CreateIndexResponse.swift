/// The answer of create-index.
public struct CreateIndexResponse: Sendable, Equatable {
    /// Whether the cluster acknowledged the creation.
    public var acknowledged: Bool
    /// Whether the shards started in time.
    public var shardsAcknowledged: Bool
    /// The created index's name.
    public var index: String

    /// Creates a response.
    public init(acknowledged: Bool = true, shardsAcknowledged: Bool = true, index: String) {
        self.acknowledged = acknowledged
        self.shardsAcknowledged = shardsAcknowledged
        self.index = index
    }
}

extension CreateIndexResponse: JSONConvertible {
    /// Decodes `{"acknowledged": true, "shards_acknowledged": true, "index": "name"}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "create_index_response")
        self.init(
            acknowledged: try reader.bool("acknowledged") ?? false,
            shardsAcknowledged: try reader.bool("shards_acknowledged") ?? false,
            index: try reader.string("index") ?? "")
    }

    public var json: JSONValue {
        [
            "acknowledged": .bool(acknowledged), "shards_acknowledged": .bool(shardsAcknowledged),
            "index": .string(index),
        ]
    }
}
