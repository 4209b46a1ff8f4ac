import Foundation

/// A promoted item shown to viewers for a while in some territories: the
/// `marketing_promos` document.
public struct MarketingPromo: SearchDocument {
    /// What kind of promo it is.
    public enum PromoType: String, Codable, Sendable, CaseIterable {
        case callToAction = "call_to_action"
        case editorial
        case sportCallToAction = "sport_call_to_action"
    }

    public static let indexName = IndexName.marketingPromos

    /// The promo's id, also the document id (`uuid`).
    public var uuid: String
    /// The headline (`title`).
    public var title: String
    /// The kind of promo (`promo_type`).
    public var promoType: PromoType
    /// ISO codes of the territories it shows in (`territories`).
    public var territories: [String]
    /// When it starts showing (`start`).
    public var start: Date
    /// When it stops showing (`end`).
    public var end: Date
    /// Ordering: higher shows first (`priority`).
    public var priority: Int

    /// Creates a promo.
    public init(
        uuid: String, title: String, promoType: PromoType, territories: [String], start: Date, end: Date,
        priority: Int
    ) {
        self.uuid = uuid
        self.title = title
        self.promoType = promoType
        self.territories = territories
        self.start = start
        self.end = end
        self.priority = priority
    }

    public var documentID: String { uuid }

    enum CodingKeys: String, CodingKey {
        case uuid, title, territories, start, end, priority
        case promoType = "promo_type"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            title: try container.decode(String.self, forKey: .title),
            promoType: try container.decode(PromoType.self, forKey: .promoType),
            territories: try container.decode([String].self, forKey: .territories),
            start: try container.decodeDate(forKey: .start), end: try container.decodeDate(forKey: .end),
            priority: try container.decode(Int.self, forKey: .priority))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(title, forKey: .title)
        try container.encode(promoType, forKey: .promoType)
        try container.encode(territories, forKey: .territories)
        try container.encodeDate(start, forKey: .start)
        try container.encodeDate(end, forKey: .end)
        try container.encode(priority, forKey: .priority)
    }
}
