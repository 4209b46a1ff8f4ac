/// `multi_match`: a full-text query over several fields (`title^2` boosts a field), combined by
/// ``Kind``; `bool_prefix` makes the last term a prefix, for search as you type.
///
/// ```swift
/// let query = Query.multiMatch(
///     "hea", fields: ["titles.en", "titles.fr"], type: .boolPrefix, fuzziness: .auto)
/// query.json  // {"multi_match":{"query":"hea","fields":["titles.en","titles.fr"],"type":"bool_prefix","fuzziness":"AUTO"}}
/// ```
public struct MultiMatchQuery: Sendable, Equatable {
    /// How the per-field queries are built and their scores combined.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `match` per field, the best field's score (the default).
        case bestFields = "best_fields"
        /// `match` per field, scores added.
        case mostFields = "most_fields"
        /// The fields as one big field.
        case crossFields = "cross_fields"
        /// `match_phrase` per field.
        case phrase
        /// `match_phrase_prefix` per field.
        case phrasePrefix = "phrase_prefix"
        /// `match_bool_prefix` per field: every term but the last as a term (fuzzy with
        /// `fuzziness`), the last as a prefix; scores added.
        case boolPrefix = "bool_prefix"
    }

    /// The text.
    public var query: JSONValue
    /// Field names or patterns, each with an optional boost (`title^2`).
    public var fields: [String]
    /// The kind (`best_fields` when unset).
    public var type: Kind?
    /// How the terms of one field combine (`or` when unset).
    public var `operator`: MatchQuery.Operator?
    /// How many terms must match, with `or`.
    public var minimumShouldMatch: MinimumShouldMatch?
    /// How far a term may be from an indexed term (not for the prefix of `bool_prefix`).
    public var fuzziness: Fuzziness?
    /// How many leading characters a fuzzy term must share exactly.
    public var prefixLength: Int?
    /// With `best_fields`, how much the other fields' scores count.
    public var tieBreaker: Double?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a multi-match query.
    public init(
        query: JSONValue, fields: [String], type: Kind? = nil, operator: MatchQuery.Operator? = nil,
        minimumShouldMatch: MinimumShouldMatch? = nil, fuzziness: Fuzziness? = nil, prefixLength: Int? = nil,
        tieBreaker: Double? = nil, boost: Double? = nil
    ) {
        self.query = query
        self.fields = fields
        self.type = type
        self.operator = `operator`
        self.minimumShouldMatch = minimumShouldMatch
        self.fuzziness = fuzziness
        self.prefixLength = prefixLength
        self.tieBreaker = tieBreaker
        self.boost = boost
    }
}

extension MultiMatchQuery {
    /// Decodes `{"query": "text", "fields": ["a^2", "b"], "type": "bool_prefix", ...}`.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "multi_match")
        guard let text = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for multi_match query")
        }
        self.init(
            query: try SingleFieldQuery.scalar(text, query: "multi_match"),
            fields: try reader.strings("fields") ?? [])
        if let name = try reader.string("type") {
            guard let kind = Kind(rawValue: name.lowercased()) else {
                throw ElasticsearchError.parse(
                    "failed to parse [multi_match] query type [\(name)]. unknown type.")
            }
            type = kind
        }
        if let op = try reader.string("operator") {
            guard let parsed = MatchQuery.Operator(rawValue: op.lowercased()) else {
                throw ElasticsearchError.illegalArgument("No enum constant for [operator]: [\(op)]")
            }
            self.operator = parsed
        }
        if let spec = reader.value("minimum_should_match") {
            minimumShouldMatch = try MinimumShouldMatch(json: spec, context: "multi_match")
        }
        fuzziness = try reader.value("fuzziness").map(Fuzziness.init(json:))
        prefixLength = try reader.int("prefix_length")
        tieBreaker = try reader.double("tie_breaker")
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        var body: [String: JSONValue] = ["query": query, "fields": .array(fields.map(JSONValue.string))]
        body["type"] = type.map { .string($0.rawValue) }
        body["operator"] = self.operator.map { .string($0.rawValue) }
        body["minimum_should_match"] = minimumShouldMatch?.json
        body["fuzziness"] = fuzziness?.json
        body["prefix_length"] = prefixLength.map(JSONValue.int)
        body["tie_breaker"] = tieBreaker.map(JSONValue.double)
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}
