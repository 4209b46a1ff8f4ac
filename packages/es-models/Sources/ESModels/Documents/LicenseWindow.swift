import Foundation

/// A period during which an asset may be watched, where, by whom and how.
public struct LicenseWindow: Codable, Sendable, Equatable {
    /// How the window is monetized.
    public enum LicenseType: String, Codable, Sendable, CaseIterable {
        /// Subscription video on demand.
        case svod = "SVOD"
        /// Advertising video on demand.
        case avod = "AVOD"
        /// Transactional (rent or buy) video on demand.
        case tvod = "TVOD"
    }

    /// The window's id (`uuid`).
    public var uuid: String
    /// When it opens (`start`).
    public var start: Date
    /// When it closes (`end`).
    public var end: Date
    /// ISO 3166-1 alpha-2 codes of the countries it covers (`countries`).
    public var countries: [String]
    /// Subscription statuses that may watch (`subscription_statuses`).
    public var subscriptionStatuses: [String]
    /// The monetization (`type`: `SVOD`, `AVOD`, `TVOD`).
    public var type: LicenseType
    /// Whether the asset may be downloaded during the window (`is_downloadable`).
    public var isDownloadable: Bool

    /// Creates a window.
    public init(
        uuid: String, start: Date, end: Date, countries: [String], subscriptionStatuses: [String],
        type: LicenseType,
        isDownloadable: Bool
    ) {
        self.uuid = uuid
        self.start = start
        self.end = end
        self.countries = countries
        self.subscriptionStatuses = subscriptionStatuses
        self.type = type
        self.isDownloadable = isDownloadable
    }

    /// Whether the window is open at `date` (start inclusive, end exclusive) in `country`.
    public func isOpen(at date: Date, in country: String) -> Bool {
        start <= date && date < end && countries.contains(country)
    }

    enum CodingKeys: String, CodingKey {
        case uuid, start, end, countries, type
        case subscriptionStatuses = "subscription_statuses"
        case isDownloadable = "is_downloadable"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            start: try container.decodeDate(forKey: .start),
            end: try container.decodeDate(forKey: .end),
            countries: try container.decode([String].self, forKey: .countries),
            subscriptionStatuses: try container.decode([String].self, forKey: .subscriptionStatuses),
            type: try container.decode(LicenseType.self, forKey: .type),
            isDownloadable: try container.decode(Bool.self, forKey: .isDownloadable))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encodeDate(start, forKey: .start)
        try container.encodeDate(end, forKey: .end)
        try container.encode(countries, forKey: .countries)
        try container.encode(subscriptionStatuses, forKey: .subscriptionStatuses)
        try container.encode(type, forKey: .type)
        try container.encode(isDownloadable, forKey: .isDownloadable)
    }
}
