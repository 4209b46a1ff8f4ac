/// The `_shards` member of many responses.
public struct ShardStatistics: Sendable, Equatable {
    /// Shards the request went to.
    public var total: Int
    /// Shards that answered.
    public var successful: Int
    /// Shards skipped (searches only).
    public var skipped: Int?
    /// Shards that failed.
    public var failed: Int

    /// Creates statistics.
    public init(total: Int = 1, successful: Int = 1, skipped: Int? = nil, failed: Int = 0) {
        self.total = total
        self.successful = successful
        self.skipped = skipped
        self.failed = failed
    }

    /// One shard, answered: what a single-node engine reports.
    public static let single = ShardStatistics()
}

extension ShardStatistics: JSONConvertible {
    /// Decodes `{"total": 1, "successful": 1, "skipped": 0, "failed": 0}`; other members
    /// (`failures`) are ignored.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "_shards")
        self.init(
            total: try reader.int("total") ?? 0, successful: try reader.int("successful") ?? 0,
            skipped: try reader.int("skipped"), failed: try reader.int("failed") ?? 0)
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "total": .int(total), "successful": .int(successful), "failed": .int(failed),
        ]
        members["skipped"] = skipped.map(JSONValue.int)
        return .object(members)
    }
}
