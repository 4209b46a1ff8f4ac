/// The answer to a count.
public struct CountResponse: Sendable, Equatable {
    /// The number of matching documents.
    public var count: Int
    /// Shard statistics.
    public var shards: ShardStatistics

    /// Creates a response.
    public init(count: Int, shards: ShardStatistics = ShardStatistics(skipped: 0)) {
        self.count = count
        self.shards = shards
    }
}

extension CountResponse: JSONConvertible {
    /// Decodes `{"count": 3, "_shards": {...}}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "count_response")
        guard let count = try reader.int("count") else {
            throw ElasticsearchError.xContentParse("[count_response] missing required field [count]")
        }
        self.init(
            count: count, shards: try reader.value("_shards").map(ShardStatistics.init(json:)) ?? .single)
    }

    public var json: JSONValue {
        ["count": .int(count), "_shards": shards.json]
    }
}
