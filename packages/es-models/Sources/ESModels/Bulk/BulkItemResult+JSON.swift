extension BulkItemResult: JSONConvertible {
    /// Decodes `{"index": {"_index": ..., "_id": ..., "status": 201, "result": "created", ...}}`
    /// or a failure `{"update": {"_index": ..., "_id": ..., "status": 404, "error": {...}}}`.
    public init(json: JSONValue) throws {
        guard case .object(let members) = json, members.count == 1, let name = members.keys.first,
            let action = BulkAction(rawValue: name), let body = members[name]
        else {
            throw ElasticsearchError.xContentParse(
                "[bulk_item] expected one of [create, delete, index, update]")
        }
        var reader = try JSONObjectReader(body, name: name)
        let index = try reader.string("_index") ?? ""
        let id = try reader.string("_id")
        let status = try reader.int("status") ?? 0
        if let error = reader.value("error") {
            self.init(
                action: action, index: index, id: id,
                failure: ElasticsearchError(cause: try ErrorCause(json: error), status: status))
            return
        }
        let resultText = try reader.string("result") ?? "created"
        guard let result = DocumentResult(rawValue: resultText) else {
            throw ElasticsearchError.xContentParse("[bulk_item] unknown result [\(resultText)]")
        }
        self.init(
            action: action, index: index, id: id ?? "", status: status, result: result,
            version: try reader.int("_version") ?? 1, seqNo: try reader.int("_seq_no") ?? 0,
            primaryTerm: try reader.int("_primary_term") ?? 1,
            shards: try reader.value("_shards").map(ShardStatistics.init(json:)))
    }

    public var json: JSONValue {
        var body: [String: JSONValue] = ["_index": .string(index), "status": .int(status)]
        body["_id"] = id.map(JSONValue.string) ?? .null
        if let error {
            body["error"] = error.json
        } else {
            body["result"] = result.map { .string($0.rawValue) }
            body["_version"] = version.map(JSONValue.int)
            body["_seq_no"] = seqNo.map(JSONValue.int)
            body["_primary_term"] = primaryTerm.map(JSONValue.int)
            body["_shards"] = shards?.json
        }
        return [action.rawValue: .object(body)]
    }
}
