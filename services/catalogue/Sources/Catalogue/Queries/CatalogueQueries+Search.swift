import ESModels
import Foundation

extension CatalogueQueries {
    /// How far a word may be from a title's: no typo below 5 letters, one up to 7, two from 8.
    static let searchFuzziness = Fuzziness.auto(low: 5, high: 8)
    /// How much an exact title (the whole of `q`, any case) adds to the score: more than any
    /// difference in how well the words match or how recent the asset is.
    static let exactTitleBoost = 10.0
    /// The recency boost: 1 for an asset created at the listing's instant, half that 180 days
    /// before, added to the relevance.
    static let recencyScale = "180d"

    /// `search`, as you type: available assets whose title in the client's language or in
    /// English has every word of the text, the last one as a prefix (`hea` finds "Heat"), each
    /// word of 5 letters or more allowing a typo; exact titles first, then by relevance plus a
    /// recency boost, then by uuid; with the matching title words highlighted.
    ///
    /// - Parameter rankedAt: the instant recency is measured from: the first page's, so that
    ///   every page of one search orders the same way (``PageCursor/instant``); `now` when `nil`.
    public func search(_ parameters: SearchParameters, rankedAt: Date? = nil) -> SearchRequest {
        let fields = titleFields
        let text = JSONValue.string(parameters.text)
        let words: [Query] = [
            // Every word, the last as a prefix: what the client has typed so far.
            .multiMatch(text, fields: fields, type: .boolPrefix, operator: .and),
            // Every word, fuzzily: the last one complete but mistyped.
            .multiMatch(text, fields: fields, operator: .and, fuzziness: Self.searchFuzziness),
        ]
        let exact = fields.map { field in
            Query.term(
                TermQuery(
                    field: "\(field).keyword", value: text, boost: Self.exactTitleBoost, caseInsensitive: true
                ))
        }
        let types = typeFilters(parameters.types)
        let matching = Query.bool(
            must: [.bool(should: words, minimumShouldMatch: 1)],
            filter: [licensedNow(in: parameters.country)] + types.filter, should: exact,
            mustNot: types.mustNot)
        let origin = JSONValue.string(ISODate.string(from: rankedAt ?? now))
        return SearchRequest(
            query: .functionScore(
                FunctionScoreQuery(
                    query: matching,
                    functions: [
                        .decay(.gauss, field: "created_at", origin: origin, scale: .string(Self.recencyScale))
                    ],
                    boostMode: .sum)),
            from: parameters.paging.start, size: parameters.paging.num,
            sort: [.score, SortField("uuid", order: .asc)], trackTotalHits: .accurate,
            highlight: Highlight(
                fields: Dictionary(uniqueKeysWithValues: fields.map { ($0, .init(numberOfFragments: 0)) })))
    }

    /// The title fields searched: the client's language, then English.
    var titleFields: [String] {
        let language = client.language.alpha2
        let english = LanguageCode.english.alpha2
        return language == english ? ["titles.\(english)"] : ["titles.\(language)", "titles.\(english)"]
    }
}
