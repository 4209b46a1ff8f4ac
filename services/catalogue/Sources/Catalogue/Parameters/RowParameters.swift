import HTTPKit

/// `GET /catalogue/rows?content_country=KE&items=20`: the home screen.
public struct RowsParameters: Sendable, Equatable {
    /// Items per row when `items` is absent.
    public static let defaultItems = 20
    /// The most items per row one home screen carries; a client wanting more pages one row
    /// (`/catalogue/rows/{slug}`).
    public static let maximumItems = 50

    /// Where the rows and their items must be showing now; `nil` means anywhere.
    public var country: CountryCode?
    /// How many of each row's first items to resolve.
    public var items: Int

    /// Creates parameters.
    public init(country: CountryCode? = nil, items: Int = defaultItems) {
        self.country = country
        self.items = items
    }

    /// Reads `content_country` and `items` (1 to 50, default 20).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for a malformed
    ///   country or an `items` out of range.
    public init(query: QueryItems) throws {
        self.init(
            country: try query.country("content_country"),
            items: try query.integer("items", default: Self.defaultItems, in: 1...Self.maximumItems))
    }
}

/// `GET /catalogue/rows/{slug}?content_country=KE&start=0&num=20`: one row, its items paged.
public struct RowParameters: Sendable, Equatable {
    /// The page size when `num` is absent.
    public static let defaultPageSize = 20

    /// The row's slug (the path's `{slug}`).
    public var slug: String
    /// Where the row and its items must be showing now; `nil` means anywhere.
    public var country: CountryCode?
    /// The page of items.
    public var paging: Paging

    /// Creates parameters.
    public init(slug: String, country: CountryCode? = nil, paging: Paging = Paging(num: defaultPageSize)) {
        self.slug = slug
        self.country = country
        self.paging = paging
    }

    /// Reads the slug (an identifier), `content_country`, `start` and `num`.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for a malformed slug,
    ///   country or page.
    public init(slug: String, query: QueryItems) throws {
        guard Identifier.isValid(slug) else {
            throw CatalogueError.invalidParameter(name: "slug", value: slug, expected: Identifier.rule)
        }
        self.init(
            slug: slug, country: try query.country("content_country"),
            paging: try Paging(query: query, defaultSize: Self.defaultPageSize))
    }
}
