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
}
