import ESModels

extension CatalogueQueries {
    /// The most reference documents (territories, languages, categories, ratings) one answer
    /// holds; reference lists are far shorter.
    public static let maximumReferenceDocuments = 1_000

    /// `territories`: by code, optionally only main (or only other) ones.
    public static func territories(main: Bool? = nil) -> SearchRequest {
        reference(filter: main.map { [.term("is_main", .bool($0))] } ?? [], sort: ["code"])
    }

    /// `languages`: by code, optionally only main (or only other) ones.
    public static func languages(main: Bool? = nil) -> SearchRequest {
        reference(filter: main.map { [.term("is_main", .bool($0))] } ?? [], sort: ["code"])
    }

    /// `categories`: by slug, optionally only the children of one category (`parent`), only
    /// top-level ones (`topLevelOnly`) or only some (`uuids`, for the titles of a category facet).
    public static func categories(parent: String? = nil, topLevelOnly: Bool = false, uuids: [String]? = nil)
        -> SearchRequest
    {
        var filter: [Query] = []
        var mustNot: [Query] = []
        if let uuids { filter.append(.terms("uuid", uuids.map(JSONValue.string))) }
        if let parent { filter.append(.term("parent_uuid", .string(parent))) }
        if topLevelOnly { mustNot.append(.exists("parent_uuid")) }
        return SearchRequest(
            query: .bool(filter: filter, mustNot: mustNot), size: maximumReferenceDocuments,
            sort: [SortField("slug", order: .asc)])
    }

    /// `ratings`: by system, then age, optionally of some systems only, only main ones, or only
    /// those whose system applies in a territory.
    public static func ratings(systems: [String] = [], main: Bool? = nil, territory: CountryCode? = nil)
        -> SearchRequest
    {
        var filter: [Query] = []
        if !systems.isEmpty { filter.append(.terms("system", systems.map(JSONValue.string))) }
        if let main { filter.append(.term("is_main", .bool(main))) }
        if let territory { filter.append(.term("territories", .string(territory.code))) }
        return reference(filter: filter, sort: ["system", "minimum_age", "code"])
    }

    private static func reference(filter: [Query], sort: [String]) -> SearchRequest {
        SearchRequest(
            query: filter.isEmpty ? .matchAll : .bool(filter: filter), size: maximumReferenceDocuments,
            sort: sort.map { SortField($0, order: .asc) })
    }
}
