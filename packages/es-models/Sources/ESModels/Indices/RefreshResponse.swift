/// The answer of refresh: `{"_shards": {...}}`.
public struct RefreshResponse: Sendable, Equatable {
    /// Shard statistics.
    public var shards: ShardStatistics

    /// Creates a response.
    public init(shards: ShardStatistics = .single) {
        self.shards = shards
    }
}

extension RefreshResponse: JSONConvertible {
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "refresh_response")
        self.init(shards: try reader.value("_shards").map(ShardStatistics.init(json:)) ?? .single)
    }

    public var json: JSONValue { ["_shards": shards.json] }
}
