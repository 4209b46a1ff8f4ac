/// The answer of indexing one document (also one bulk item's success).
public struct IndexResponse: Sendable, Equatable {
    /// The concrete index written to.
    public var index: String
    /// The document id (generated when none was given).
    public var id: String
    /// The document's new version.
    public var version: Int
    /// What happened.
    public var result: DocumentResult
    /// The operation's sequence number.
    public var seqNo: Int
    /// The primary term.
    public var primaryTerm: Int
    /// Shard statistics.
    public var shards: ShardStatistics
    /// Whether a refresh was forced (`refresh=true`).
    public var forcedRefresh: Bool?

    /// Creates a response.
    public init(
        index: String, id: String, version: Int = 1, result: DocumentResult = .created, seqNo: Int = 0,
        primaryTerm: Int = 1, shards: ShardStatistics = .single, forcedRefresh: Bool? = nil
    ) {
        self.index = index
        self.id = id
        self.version = version
        self.result = result
        self.seqNo = seqNo
        self.primaryTerm = primaryTerm
        self.shards = shards
        self.forcedRefresh = forcedRefresh
    }
}

extension IndexResponse: JSONConvertible {
    /// Decodes `{"_index": ..., "_id": ..., "_version": 1, "result": "created", ...}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "index_response")
        guard let index = try reader.string("_index"), let id = try reader.string("_id") else {
            throw ElasticsearchError.xContentParse("[index_response] requires [_index] and [_id]")
        }
        let resultText = try reader.string("result") ?? "created"
        guard let result = DocumentResult(rawValue: resultText) else {
            throw ElasticsearchError.xContentParse("[index_response] unknown result [\(resultText)]")
        }
        self.init(
            index: index, id: id, version: try reader.int("_version") ?? 1, result: result,
            seqNo: try reader.int("_seq_no") ?? 0, primaryTerm: try reader.int("_primary_term") ?? 1,
            shards: try reader.value("_shards").map(ShardStatistics.init(json:)) ?? .single,
            forcedRefresh: try reader.bool("forced_refresh"))
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "_index": .string(index), "_id": .string(id), "_version": .int(version),
            "result": .string(result.rawValue),
            "_seq_no": .int(seqNo), "_primary_term": .int(primaryTerm), "_shards": shards.json,
        ]
        members["forced_refresh"] = forcedRefresh.map(JSONValue.bool)
        return .object(members)
    }
}
