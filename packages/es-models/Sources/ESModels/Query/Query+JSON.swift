extension Query: JSONConvertible {
    /// Decodes a query in any form Elasticsearch accepts (`{"term": {"f": "v"}}`,
    /// `{"term": {"f": {"value": "v", "boost": 2}}}`, a single clause or an array in
    /// `bool`, ...).
    ///
    /// - Throws: ``ElasticsearchError`` `parsing_exception` (or `x_content_parse_exception`)
    ///   with Elasticsearch's reason: `unknown query [foo]`, `[term] query does not support
    ///   [foo]`, `[term] query doesn't support multiple fields, found [a] and [b]`, ...
    public init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[_na] query malformed, must start with start_object")
        }
        guard let name = members.keys.sorted().first, let body = members[name] else {
            throw ElasticsearchError.parsing("query malformed, empty clause found")
        }
        if members.count > 1 {
            let second = members.keys.sorted().dropFirst().first ?? ""
            throw ElasticsearchError.parsing(
                "[\(name)] malformed query, expected [END_OBJECT] but found [FIELD_NAME] ([\(second)])")
        }
        switch name {
        case "match_all":
            var reader = try JSONObjectReader(body, name: "match_all")
            let boost = try reader.double("boost")
            try reader.rejectUnknownFields()
            self = .matchAll(boost: boost)
        case "match_none":
            let reader = try JSONObjectReader(body, name: "match_none")
            try reader.rejectUnknownFields()
            self = .matchNone
        case "term": self = .term(try TermQuery(json: body))
        case "terms": self = .terms(try TermsQuery(json: body))
        case "range": self = .range(try RangeQuery(json: body))
        case "exists": self = .exists(try ExistsQuery(json: body))
        case "ids": self = .ids(try IdsQuery(json: body))
        case "match": self = .match(try MatchQuery(json: body))
        case "bool": self = .bool(try BoolQuery(json: body))
        case "nested": self = .nested(try NestedQuery(json: body))
        case "multi_match": self = .multiMatch(try MultiMatchQuery(json: body))
        case "match_phrase": self = .matchPhrase(try MatchPhraseQuery(json: body))
        case "function_score": self = .functionScore(try FunctionScoreQuery(json: body))
        default:
            throw ElasticsearchError.parsing("unknown query [\(name)]")
        }
    }

    /// The exact JSON Elasticsearch accepts, using the short forms where nothing but the
    /// value is set (`{"term": {"f": "v"}}`).
    public var json: JSONValue {
        switch self {
        case .matchAll(let boost):
            return ["match_all": boost.map { ["boost": .double($0)] } ?? .object([:])]
        case .matchNone:
            return ["match_none": .object([:])]
        case .term(let query): return ["term": query.json]
        case .terms(let query): return ["terms": query.json]
        case .range(let query): return ["range": query.json]
        case .exists(let query): return ["exists": query.json]
        case .ids(let query): return ["ids": query.json]
        case .match(let query): return ["match": query.json]
        case .bool(let query): return ["bool": query.json]
        case .nested(let query): return ["nested": query.json]
        case .multiMatch(let query): return ["multi_match": query.json]
        case .matchPhrase(let query): return ["match_phrase": query.json]
        case .functionScore(let query): return ["function_score": query.json]
        }
    }
}
