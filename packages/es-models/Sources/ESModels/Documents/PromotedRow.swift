import Foundation

/// One row of an app's home screen ("New this week", "Because you like football", "Live now"):
/// the `rows` document.
///
/// A row says what it holds by its ``kind``: a `curated` row an ordered list of assets
/// (``assetUUIDs``), a `query` row a saved filter (``query``: type, category, language, newest
/// first or by title), a `live_events` row the sports events running now (optionally of one
/// sport, ``RowQuery/sport``). It says where it shows: on which client ``platforms``, for which
/// API majors (``minimumAPIMajor``...``maximumAPIMajor``, either end open), in which
/// ``territories``, from ``start`` until ``end`` (open-ended when `nil`), ordered by
/// ``position`` (lower first). The Catalogue resolves the items when it serves the row.
///
/// ```swift
/// let row = PromotedRow(
///     uuid: "row-1", slug: "new-this-week", titles: ["en": "New this week"], kind: .query,
///     platforms: PromotedRow.allPlatforms, territories: ["KE"], start: start, position: 1,
///     query: RowQuery(type: .movie, sort: .newest), updatedAt: start)
/// ```
public struct PromotedRow: SearchDocument {
    /// What a row holds.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// An ordered list of assets picked by an editor.
        case curated
        /// The assets a saved filter finds.
        case query
        /// The sports events running now.
        case liveEvents = "live_events"
    }

    public static let indexName = IndexName.rows

    /// The client platforms a row can show on, as the Catalogue names them; a CMS row that
    /// names none shows on all of them.
    public static let allPlatforms = ["website", "android", "ios", "tv"]

    /// The row's id, also the document id (`uuid`).
    public var uuid: String
    /// The row's name in URLs (`slug`: `new-this-week`), unique among rows.
    public var slug: String
    /// Titles by language code (`titles`: `{"en": "New this week"}`).
    public var titles: [String: String]
    /// What the row holds (`kind`).
    public var kind: Kind
    /// The client platforms it shows on (`platforms`).
    public var platforms: [String]
    /// The oldest API major it shows for (`min_api_major`); `nil`: no lower bound.
    public var minimumAPIMajor: Int?
    /// The newest API major it shows for (`max_api_major`); `nil`: no upper bound.
    public var maximumAPIMajor: Int?
    /// ISO codes of the territories it shows in (`territories`).
    public var territories: [String]
    /// When it starts showing (`start`).
    public var start: Date
    /// When it stops showing (`end`, exclusive); `nil`: it keeps showing.
    public var end: Date?
    /// Its place on the screen, lower first (`position`).
    public var position: Int
    /// A `curated` row's assets, in order (`asset_uuids`); empty for other kinds.
    public var assetUUIDs: [String]
    /// A `query` row's filter, or a `live_events` row's sport (`query`); `nil` for curated rows.
    public var query: RowQuery?
    /// When it last changed in the CMS (`updated_at`).
    public var updatedAt: Date

    /// Creates a row.
    public init(
        uuid: String, slug: String, titles: [String: String], kind: Kind, platforms: [String],
        minimumAPIMajor: Int? = nil, maximumAPIMajor: Int? = nil, territories: [String], start: Date,
        end: Date? = nil, position: Int, assetUUIDs: [String] = [], query: RowQuery? = nil, updatedAt: Date
    ) {
        self.uuid = uuid
        self.slug = slug
        self.titles = titles
        self.kind = kind
        self.platforms = platforms
        self.minimumAPIMajor = minimumAPIMajor
        self.maximumAPIMajor = maximumAPIMajor
        self.territories = territories
        self.start = start
        self.end = end
        self.position = position
        self.assetUUIDs = assetUUIDs
        self.query = query
        self.updatedAt = updatedAt
    }

    public var documentID: String { uuid }

    /// Whether the row's schedule is running at `date` (start inclusive, end exclusive).
    public func isScheduled(at date: Date) -> Bool {
        start <= date && end.map { date < $0 } ?? true
    }

    /// Whether the row shows for an API major (inside its bounds, both inclusive).
    public func shows(forAPIMajor major: Int) -> Bool {
        (minimumAPIMajor.map { major >= $0 } ?? true) && (maximumAPIMajor.map { major <= $0 } ?? true)
    }

    enum CodingKeys: String, CodingKey {
        case uuid, slug, titles, kind, platforms, territories, start, end, position, query
        case minimumAPIMajor = "min_api_major"
        case maximumAPIMajor = "max_api_major"
        case assetUUIDs = "asset_uuids"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let end: Date? =
            try container.contains(.end) && !container.decodeNil(forKey: .end)
            ? container.decodeDate(forKey: .end) : nil
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            slug: try container.decode(String.self, forKey: .slug),
            titles: try container.decode([String: String].self, forKey: .titles),
            kind: try container.decode(Kind.self, forKey: .kind),
            platforms: try container.decode([String].self, forKey: .platforms),
            minimumAPIMajor: try container.decodeIfPresent(Int.self, forKey: .minimumAPIMajor),
            maximumAPIMajor: try container.decodeIfPresent(Int.self, forKey: .maximumAPIMajor),
            territories: try container.decode([String].self, forKey: .territories),
            start: try container.decodeDate(forKey: .start), end: end,
            position: try container.decode(Int.self, forKey: .position),
            assetUUIDs: try container.decodeIfPresent([String].self, forKey: .assetUUIDs) ?? [],
            query: try container.decodeIfPresent(RowQuery.self, forKey: .query),
            updatedAt: try container.decodeDate(forKey: .updatedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(slug, forKey: .slug)
        try container.encode(titles, forKey: .titles)
        try container.encode(kind, forKey: .kind)
        try container.encode(platforms, forKey: .platforms)
        try container.encodeIfPresent(minimumAPIMajor, forKey: .minimumAPIMajor)
        try container.encodeIfPresent(maximumAPIMajor, forKey: .maximumAPIMajor)
        try container.encode(territories, forKey: .territories)
        try container.encodeDate(start, forKey: .start)
        if let end { try container.encodeDate(end, forKey: .end) }
        try container.encode(position, forKey: .position)
        try container.encode(assetUUIDs, forKey: .assetUUIDs)
        try container.encodeIfPresent(query, forKey: .query)
        try container.encodeDate(updatedAt, forKey: .updatedAt)
    }
}

/// A `query` row's saved filter, or a `live_events` row's sport: the `query` object of a
/// ``PromotedRow``. Every filter left `nil` does not narrow.
public struct RowQuery: Codable, Sendable, Hashable {
    /// How a `query` row orders its assets.
    public enum Sort: String, Codable, Sendable, CaseIterable {
        /// Newest first (`created_at` descending).
        case newest
        /// By title in the client's language.
        case title
    }

    /// Only assets of this type (`type`).
    public var type: AssetFlat.AssetType?
    /// Only assets in this category, by uuid (`category`).
    public var category: String?
    /// Only assets available in this language, by code (`language`).
    public var language: String?
    /// A `live_events` row: only events of this sport (`sport`).
    public var sport: String?
    /// The order (`sort`).
    public var sort: Sort

    /// Creates a filter.
    public init(
        type: AssetFlat.AssetType? = nil, category: String? = nil, language: String? = nil,
        sport: String? = nil, sort: Sort = .newest
    ) {
        self.type = type
        self.category = category
        self.language = language
        self.sport = sport
        self.sort = sort
    }

    enum CodingKeys: String, CodingKey {
        case type, category, language, sport, sort
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decodeIfPresent(AssetFlat.AssetType.self, forKey: .type),
            category: try container.decodeIfPresent(String.self, forKey: .category),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            sport: try container.decodeIfPresent(String.self, forKey: .sport),
            sort: try container.decodeIfPresent(Sort.self, forKey: .sort) ?? .newest)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(sport, forKey: .sport)
        try container.encode(sort, forKey: .sort)
    }
}
