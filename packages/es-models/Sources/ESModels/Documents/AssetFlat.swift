import Foundation

/// One asset with everything the Catalogue needs folded in: the `assetflat` document.
///
/// JSON keys are snake_case (`license_windows`, `created_at`); dates are ISO 8601 strings. An
/// episode names its series and its place in it (`series_uuid`, `season_uuid`, `season_number`,
/// `episode_number`); other assets leave those fields out.
/// ```swift
/// let asset = AssetFlat(uuid: "a-1", type: .movie, titles: ["en": "Heat"], ...)
/// try await backend.index(asset, refresh: .immediate)
/// ```
public struct AssetFlat: SearchDocument {
    /// What kind of asset it is.
    public enum AssetType: String, Codable, Sendable, CaseIterable {
        case movie
        case episode
        case tvSeries = "tv_series"
        case sportEvent = "sport_event"
    }

    public static let indexName = IndexName.assetflat

    /// The asset's id, also the document id (`uuid`).
    public var uuid: String
    /// The kind of asset (`type`).
    public var type: AssetType
    /// Titles by language code (`titles`: `{"en": "Heat"}`).
    public var titles: [String: String]
    /// Descriptions by language code (`descriptions`).
    public var descriptions: [String: String]
    /// Ids of the categories it belongs to (`categories`).
    public var categories: [String]
    /// Codes of the languages it is available in (`languages`).
    public var languages: [String]
    /// Ids of its ratings (`ratings`).
    public var ratings: [String]
    /// Where and when it may be watched (`license_windows`).
    public var licenseWindows: [LicenseWindow]
    /// When the asset was created in the CMS (`created_at`).
    public var createdAt: Date
    /// When it last changed in the CMS (`updated_at`).
    public var updatedAt: Date
    /// For an episode: the uuid of its series, a `tv_series` asset (`series_uuid`); `nil` for
    /// other assets.
    public var seriesUUID: String?
    /// For an episode: the uuid of its season (`season_uuid`).
    public var seasonUUID: String?
    /// For an episode: the number of its season in the series (`season_number`).
    public var seasonNumber: Int?
    /// For an episode: its number in the season (`episode_number`).
    public var episodeNumber: Int?

    /// Creates an asset; the series fields are for episodes only.
    public init(
        uuid: String, type: AssetType, titles: [String: String], descriptions: [String: String],
        categories: [String],
        languages: [String], ratings: [String], licenseWindows: [LicenseWindow], createdAt: Date,
        updatedAt: Date, seriesUUID: String? = nil, seasonUUID: String? = nil, seasonNumber: Int? = nil,
        episodeNumber: Int? = nil
    ) {
        self.uuid = uuid
        self.type = type
        self.titles = titles
        self.descriptions = descriptions
        self.categories = categories
        self.languages = languages
        self.ratings = ratings
        self.licenseWindows = licenseWindows
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.seriesUUID = seriesUUID
        self.seasonUUID = seasonUUID
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
    }

    public var documentID: String { uuid }

    /// Whether some license window is open at `date` in `country`.
    public func isLicensed(at date: Date, in country: String) -> Bool {
        licenseWindows.contains { $0.isOpen(at: date, in: country) }
    }

    enum CodingKeys: String, CodingKey {
        case uuid, type, titles, descriptions, categories, languages, ratings
        case licenseWindows = "license_windows"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case seriesUUID = "series_uuid"
        case seasonUUID = "season_uuid"
        case seasonNumber = "season_number"
        case episodeNumber = "episode_number"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            type: try container.decode(AssetType.self, forKey: .type),
            titles: try container.decode([String: String].self, forKey: .titles),
            descriptions: try container.decode([String: String].self, forKey: .descriptions),
            categories: try container.decode([String].self, forKey: .categories),
            languages: try container.decode([String].self, forKey: .languages),
            ratings: try container.decode([String].self, forKey: .ratings),
            licenseWindows: try container.decode([LicenseWindow].self, forKey: .licenseWindows),
            createdAt: try container.decodeDate(forKey: .createdAt),
            updatedAt: try container.decodeDate(forKey: .updatedAt),
            seriesUUID: try container.decodeIfPresent(String.self, forKey: .seriesUUID),
            seasonUUID: try container.decodeIfPresent(String.self, forKey: .seasonUUID),
            seasonNumber: try container.decodeIfPresent(Int.self, forKey: .seasonNumber),
            episodeNumber: try container.decodeIfPresent(Int.self, forKey: .episodeNumber))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(type, forKey: .type)
        try container.encode(titles, forKey: .titles)
        try container.encode(descriptions, forKey: .descriptions)
        try container.encode(categories, forKey: .categories)
        try container.encode(languages, forKey: .languages)
        try container.encode(ratings, forKey: .ratings)
        try container.encode(licenseWindows, forKey: .licenseWindows)
        try container.encodeDate(createdAt, forKey: .createdAt)
        try container.encodeDate(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(seriesUUID, forKey: .seriesUUID)
        try container.encodeIfPresent(seasonUUID, forKey: .seasonUUID)
        try container.encodeIfPresent(seasonNumber, forKey: .seasonNumber)
        try container.encodeIfPresent(episodeNumber, forKey: .episodeNumber)
    }
}
