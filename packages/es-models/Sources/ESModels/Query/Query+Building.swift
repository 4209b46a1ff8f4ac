extension Query {
    /// `match_all` with no boost.
    public static var matchAll: Query { .matchAll(boost: nil) }

    /// `term`: `field` holds exactly `value`.
    public static func term(_ field: String, _ value: JSONValue, boost: Double? = nil) -> Query {
        .term(TermQuery(field: field, value: value, boost: boost))
    }

    /// `terms`: `field` holds any of `values`.
    public static func terms(_ field: String, _ values: [JSONValue], boost: Double? = nil) -> Query {
        .terms(TermsQuery(field: field, values: values, boost: boost))
    }

    /// `range` on `field`; bounds are numbers, strings, dates or date math (`"now-1d/d"`).
    public static func range(
        _ field: String, gt: JSONValue? = nil, gte: JSONValue? = nil, lt: JSONValue? = nil,
        lte: JSONValue? = nil,
        format: String? = nil, timeZone: String? = nil
    ) -> Query {
        .range(
            RangeQuery(field: field, gt: gt, gte: gte, lt: lt, lte: lte, format: format, timeZone: timeZone))
    }

    /// `exists`: `field` has a value.
    public static func exists(_ field: String) -> Query {
        .exists(ExistsQuery(field: field))
    }

    /// `ids`: the document id is one of `values`.
    public static func ids(_ values: [String]) -> Query {
        .ids(IdsQuery(values: values))
    }

    /// `match`: full-text match of `text` in `field`.
    public static func match(
        _ field: String, _ text: JSONValue, operator: MatchQuery.Operator? = nil,
        minimumShouldMatch: MinimumShouldMatch? = nil
    ) -> Query {
        .match(
            MatchQuery(
                field: field, query: text, operator: `operator`, minimumShouldMatch: minimumShouldMatch))
    }

    /// `bool` from its clauses.
    public static func bool(
        must: [Query] = [], filter: [Query] = [], should: [Query] = [], mustNot: [Query] = [],
        minimumShouldMatch: MinimumShouldMatch? = nil
    ) -> Query {
        .bool(
            BoolQuery(
                must: must, filter: filter, should: should, mustNot: mustNot,
                minimumShouldMatch: minimumShouldMatch))
    }

    /// `nested`: `query` on the objects of the nested field at `path`.
    public static func nested(
        path: String, query: Query, scoreMode: NestedQuery.ScoreMode? = nil, ignoreUnmapped: Bool? = nil
    ) -> Query {
        .nested(NestedQuery(path: path, query: query, scoreMode: scoreMode, ignoreUnmapped: ignoreUnmapped))
    }

    /// `multi_match`: `text` in any of `fields` (`title^2` boosts a field), combined by `type`.
    public static func multiMatch(
        _ text: JSONValue, fields: [String], type: MultiMatchQuery.Kind? = nil,
        operator: MatchQuery.Operator? = nil, fuzziness: Fuzziness? = nil, boost: Double? = nil
    ) -> Query {
        .multiMatch(
            MultiMatchQuery(
                query: text, fields: fields, type: type, operator: `operator`, fuzziness: fuzziness,
                boost: boost))
    }

    /// `match_phrase`: the terms of `text`, in order, in `field`.
    public static func matchPhrase(_ field: String, _ text: JSONValue, slop: Int? = nil, boost: Double? = nil)
        -> Query
    {
        .matchPhrase(MatchPhraseQuery(field: field, query: text, slop: slop, boost: boost))
    }
}
