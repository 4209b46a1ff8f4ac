/// The normalized rows of one asset: the `assets` row and everything the assetflat document
/// folds in (localizations, categories, languages, ratings per territory, license windows with
/// their countries and statuses), plus an episode's place in its series and what it inherits
/// from the series.
public struct AssetRecord: NormalizedRecord, Equatable {
    /// One `asset_localizations` row.
    public struct Localization: Sendable, Equatable {
        public var language: String
        public var title: String
        public var description: String?
    }

    /// One `license_windows` row with its countries and subscription statuses.
    public struct Window: Sendable, Equatable {
        public var uuid: String
        public var startsAt: String
        public var endsAt: String
        public var licenseType: String
        public var isDownloadable: Bool
        public var countries: [String] = []
        public var subscriptionStatuses: [String] = []
    }

    public var id: String
    public var problems: [String] = []
    /// `assets.type` as stored.
    public var type = ""
    /// `assets.created_at` as stored.
    public var createdAt = ""
    /// `assets.updated_at` as stored.
    public var updatedAt = ""
    /// Localized titles and descriptions, by language code order.
    public var localizations: [Localization] = []
    /// Category uuids, by position.
    public var categories: [String] = []
    /// Audio language codes.
    public var audioLanguages: [String] = []
    /// Subtitle language codes.
    public var subtitleLanguages: [String] = []
    /// Rating uuid by territory code.
    public var ratings: [(territory: String, rating: String)] = []
    /// License windows, by start.
    public var windows: [Window] = []
    /// For an episode: its series' uuid.
    public var seriesUUID: String?
    /// For an episode: its season's uuid.
    public var seasonUUID: String?
    /// For an episode: its season's number.
    public var seasonNumber: Int?
    /// For an episode: its number in the season.
    public var episodeNumber: Int?
    /// For an episode: the series' category uuids, by position.
    public var seriesCategories: [String] = []
    /// For an episode: the series' rating uuids.
    public var seriesRatings: [String] = []

    public init(id: String) {
        self.id = id
    }

    public static func == (lhs: AssetRecord, rhs: AssetRecord) -> Bool {
        lhs.id == rhs.id && lhs.problems == rhs.problems && lhs.type == rhs.type
            && lhs.createdAt == rhs.createdAt
            && lhs.updatedAt == rhs.updatedAt && lhs.localizations == rhs.localizations
            && lhs.categories == rhs.categories && lhs.audioLanguages == rhs.audioLanguages
            && lhs.subtitleLanguages == rhs.subtitleLanguages
            && lhs.ratings.map(\.territory) == rhs.ratings.map(\.territory)
            && lhs.ratings.map(\.rating) == rhs.ratings.map(\.rating) && lhs.windows == rhs.windows
            && lhs.seriesUUID == rhs.seriesUUID && lhs.seasonUUID == rhs.seasonUUID
            && lhs.seasonNumber == rhs.seasonNumber && lhs.episodeNumber == rhs.episodeNumber
            && lhs.seriesCategories == rhs.seriesCategories
            && lhs.seriesRatings == rhs.seriesRatings
    }
}
