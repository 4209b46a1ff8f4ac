import ESModels
import HTTPKit

/// `GET /catalogue/assets?type=movie&category=..&language=fra&series=..&content_country=KE&start=0&num=20&sort=-created_at&facets=type`.
public struct AssetListParameters: Sendable, Equatable {
    /// The page size when `num` is absent.
    public static let defaultPageSize = 20

    /// Asset types to keep (comma-separated `type`); empty keeps every type.
    public var types: [AssetFlat.AssetType]
    /// Category ids, any of which an asset must have (comma-separated `category`).
    public var categories: [String]
    /// A language the asset must be available in (`language`, audio or subtitles).
    public var language: LanguageCode?
    /// The series whose episodes to list (`series`, one uuid); `nil` lists every asset.
    public var series: String?
    /// Where the assets must be licensed now; `nil` means anywhere.
    public var country: CountryCode?
    /// The page.
    public var paging: Paging
    /// The order.
    public var sort: AssetSort
    /// What to count next to the page (comma-separated `facets`), each once, in request order.
    public var facets: [Facet]

    /// Creates parameters.
    public init(
        types: [AssetFlat.AssetType] = [], categories: [String] = [], language: LanguageCode? = nil,
        series: String? = nil, country: CountryCode? = nil, paging: Paging = Paging(num: defaultPageSize),
        sort: AssetSort = .newest, facets: [Facet] = []
    ) {
        self.types = types
        self.categories = categories
        self.language = language
        self.series = series
        self.country = country
        self.paging = paging
        self.sort = sort
        self.facets = facets
    }

    /// Reads the parameters. With `series` and no `sort`, episodes come in viewing order
    /// (``AssetSort/episode``).
    ///
    /// - Throws: ``CatalogueError`` naming the bad parameter and what it accepts.
    public init(query: QueryItems) throws {
        let sorts = try query.choices("sort", of: AssetSort.self)
        let series = try query.identifiers("series")
        guard series.count <= 1 else {
            throw CatalogueError.invalidParameter(
                name: "series", value: series.joined(separator: ","), expected: "must be a single series uuid"
            )
        }
        self.init(
            types: try query.choices("type", of: AssetFlat.AssetType.self),
            categories: try query.identifiers("category"),
            language: try query.language("language"),
            series: series.first,
            country: try query.country("content_country"),
            paging: try Paging(query: query, defaultSize: Self.defaultPageSize),
            sort: sorts.first ?? (series.isEmpty ? .newest : .episode),
            facets: try query.choices("facets", of: Facet.self).reduce(into: []) { facets, facet in
                if !facets.contains(facet) { facets.append(facet) }
            })
    }
}
