extension SearchResponse: JSONConvertible {
    /// Decodes Elasticsearch's search response (also the pre-7 form where `hits.total` is
    /// a number).
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "search_response")
        guard let hits = reader.value("hits") else {
            throw ElasticsearchError.xContentParse("[search_response] missing required field [hits]")
        }
        self.init(
            took: try reader.int("took") ?? 0, timedOut: try reader.bool("timed_out") ?? false,
            shards: try reader.value("_shards").map(ShardStatistics.init(json:)) ?? .single,
            hits: try SearchHits(json: hits))
    }

    /// `{"took": ..., "timed_out": ..., "_shards": ..., "hits": ...}`.
    public var json: JSONValue {
        ["took": .int(took), "timed_out": .bool(timedOut), "_shards": shards.json, "hits": hits.json]
    }
}

extension SearchHits: JSONConvertible {
    /// Decodes `{"total": {...}, "max_score": ..., "hits": [...]}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "hits")
        let total = try reader.value("total").flatMap { value -> TotalHits? in
            if value.isNull { return nil }
            if let count = value.intValue { return TotalHits(value: count) }
            return try TotalHits(json: value)
        }
        let hits = try (reader.value("hits")?.arrayValue ?? []).map(SearchHit.init(json:))
        self.init(total: total, maxScore: try reader.double("max_score"), hits: hits)
    }

    /// `total` is left out when not tracked; `max_score` is `null` when there is none.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "max_score": maxScore.map(JSONValue.double) ?? .null, "hits": .array(hits.map(\.json)),
        ]
        members["total"] = total?.json
        return .object(members)
    }
}

extension TotalHits: JSONConvertible {
    /// Decodes `{"value": 3, "relation": "eq"}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "total")
        let relation = try reader.string("relation").map { text in
            guard let relation = Relation(rawValue: text) else {
                throw ElasticsearchError.xContentParse("[total] unknown relation [\(text)]")
            }
            return relation
        }
        self.init(value: try reader.int("value") ?? 0, relation: relation ?? .eq)
    }

    public var json: JSONValue {
        ["value": .int(value), "relation": .string(relation.rawValue)]
    }
}

extension SearchHit: JSONConvertible {
    /// Decodes `{"_index": ..., "_id": ..., "_score": ..., "_source": ..., "sort": [...]}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "hit")
        guard let index = try reader.string("_index"), let id = try reader.string("_id") else {
            throw ElasticsearchError.xContentParse("[hit] requires [_index] and [_id]")
        }
        self.init(
            index: index, id: id, score: try reader.double("_score"), source: reader.value("_source"),
            sort: reader.value("sort")?.arrayValue)
    }

    /// `_score` is `null` when not computed; `_source` and `sort` only when present.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "_index": .string(index), "_id": .string(id), "_score": score.map(JSONValue.double) ?? .null,
        ]
        members["_source"] = source
        members["sort"] = sort.map(JSONValue.array)
        return .object(members)
    }
}
