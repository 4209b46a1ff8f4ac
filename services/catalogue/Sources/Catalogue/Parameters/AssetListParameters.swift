import ESModels
import HTTPKit

/// `GET /catalogue/assets?type=movie&category=..&language=fra&content_country=KE&start=0&num=20&sort=-created_at`.
public struct AssetListParameters: Sendable, Equatable {
    /// The page size when `num` is absent.
    public static let defaultPageSize = 20

    /// Asset types to keep (comma-separated `type`); empty keeps every type.
    public var types: [AssetFlat.AssetType]
    /// Category ids, any of which an asset must have (comma-separated `category`).
    public var categories: [String]
    /// A language the asset must be available in (`language`, audio or subtitles).
    public var language: LanguageCode?
    /// Where the assets must be licensed now; `nil` means anywhere.
    public var country: CountryCode?
    /// The page.
    public var paging: Paging
    /// The order.
    public var sort: AssetSort

    /// Creates parameters.
    public init(
        types: [AssetFlat.AssetType] = [], categories: [String] = [], language: LanguageCode? = nil,
        country: CountryCode? = nil, paging: Paging = Paging(num: defaultPageSize), sort: AssetSort = .newest
    ) {
        self.types = types
        self.categories = categories
        self.language = language
        self.country = country
        self.paging = paging
        self.sort = sort
    }

    /// Reads the parameters.
    ///
    /// - Throws: ``CatalogueError`` naming the bad parameter and what it accepts.
    public init(query: QueryItems) throws {
        let sorts = try query.choices("sort", of: AssetSort.self)
        self.init(
            types: try query.choices("type", of: AssetFlat.AssetType.self),
            categories: try query.identifiers("category"),
            language: try query.language("language"),
            country: try query.country("content_country"),
            paging: try Paging(query: query, defaultSize: Self.defaultPageSize),
            sort: sorts.first ?? .newest)
    }
}
