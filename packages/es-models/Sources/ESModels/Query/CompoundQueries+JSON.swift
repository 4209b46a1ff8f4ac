extension BoolQuery {
    /// Decodes `{"must": ..., "filter": ..., "should": ..., "must_not": ...,
    /// "minimum_should_match": ..., "boost": ...}`; each clause list may be one query or an
    /// array.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "bool")
        self.init(
            must: try Self.clauses(reader.value("must"), name: "must"),
            filter: try Self.clauses(reader.value("filter"), name: "filter"),
            should: try Self.clauses(reader.value("should"), name: "should"),
            mustNot: try Self.clauses(reader.value("must_not"), name: "must_not"))
        if let spec = reader.value("minimum_should_match"), !spec.isNull {
            minimumShouldMatch = try MinimumShouldMatch(json: spec, context: "bool")
        }
        boost = try reader.double("boost")
        _ = try reader.bool("adjust_pure_negative")
        try reader.rejectUnknownQueryFields()
    }

    private static func clauses(_ value: JSONValue?, name: String) throws -> [Query] {
        switch value {
        case nil, .null?: return []
        case .object?: return [try Query(json: value ?? .null)]
        case .array(let elements)?: return try elements.map(Query.init(json:))
        case let other?:
            throw ElasticsearchError.parsing(
                "[bool] query does not support [\(name)] of type [\(other.tokenName)]")
        }
    }

    var json: JSONValue {
        var body: [String: JSONValue] = [:]
        if !must.isEmpty { body["must"] = .array(must.map(\.json)) }
        if !filter.isEmpty { body["filter"] = .array(filter.map(\.json)) }
        if !should.isEmpty { body["should"] = .array(should.map(\.json)) }
        if !mustNot.isEmpty { body["must_not"] = .array(mustNot.map(\.json)) }
        body["minimum_should_match"] = minimumShouldMatch?.json
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}

extension NestedQuery {
    /// Decodes `{"path": "p", "query": {...}, "score_mode": "avg", "ignore_unmapped": false}`.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "nested")
        guard let query = reader.value("query") else {
            throw ElasticsearchError.parsing("[nested] requires 'query' field")
        }
        guard let path = try reader.string("path") else {
            throw ElasticsearchError.parsing("[nested] requires 'path' field")
        }
        self.init(path: path, query: try Query(json: query))
        if let mode = try reader.string("score_mode") {
            guard let parsed = ScoreMode(rawValue: mode) else {
                throw ElasticsearchError.illegalArgument("No score mode for child query [\(mode)] found")
            }
            scoreMode = parsed
        }
        ignoreUnmapped = try reader.bool("ignore_unmapped")
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        var body: [String: JSONValue] = ["path": .string(path), "query": query.json]
        body["score_mode"] = scoreMode.map { .string($0.rawValue) }
        body["ignore_unmapped"] = ignoreUnmapped.map(JSONValue.bool)
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}
