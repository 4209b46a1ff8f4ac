/// A query of Elasticsearch's query DSL, for the subset we use.
///
/// Build queries with the static helpers and send them inside a ``SearchRequest``:
/// ```swift
/// let query = Query.bool(
///     filter: [
///         .terms("uuid", ["a-1", "a-2"]),
///         .nested(path: "license_windows", query: .bool(filter: [
///             .term("license_windows.countries", "KE"),
///             .range("license_windows.start", lte: "now"),
///         ])),
///     ])
/// query.json  // {"bool":{"filter":[{"terms":{"uuid":["a-1","a-2"]}}, ...]}}
/// ```
/// `json` is the exact JSON Elasticsearch accepts; `init(json:)` decodes every form
/// Elasticsearch accepts, shorthands included.
public enum Query: Sendable, Equatable {
    /// `match_all`: every document, with an optional boost.
    case matchAll(boost: Double?)
    /// `match_none`: no document.
    case matchNone
    /// `term`: the field holds exactly this value.
    case term(TermQuery)
    /// `terms`: the field holds any of these values.
    case terms(TermsQuery)
    /// `range`: the field's value lies within bounds (numbers, strings or date math).
    case range(RangeQuery)
    /// `exists`: the field has a non-null indexed value.
    case exists(ExistsQuery)
    /// `ids`: the document id is one of these.
    case ids(IdsQuery)
    /// `match`: full-text match of analyzed text.
    case match(MatchQuery)
    /// `bool`: a boolean combination of queries.
    case bool(BoolQuery)
    /// `nested`: a query on the objects of a nested field.
    indirect case nested(NestedQuery)
    /// `multi_match`: full-text match over several fields (`bool_prefix` for search as you type).
    case multiMatch(MultiMatchQuery)
    /// `match_phrase`: the terms of a phrase, in order.
    case matchPhrase(MatchPhraseQuery)
    /// `function_score`: a query's score modified by functions (decay, field value, weight).
    indirect case functionScore(FunctionScoreQuery)

    /// The query type's name in the DSL (`term`, `bool`, ...).
    public var name: String {
        switch self {
        case .matchAll: "match_all"
        case .matchNone: "match_none"
        case .term: "term"
        case .terms: "terms"
        case .range: "range"
        case .exists: "exists"
        case .ids: "ids"
        case .match: "match"
        case .bool: "bool"
        case .nested: "nested"
        case .multiMatch: "multi_match"
        case .matchPhrase: "match_phrase"
        case .functionScore: "function_score"
        }
    }
}
