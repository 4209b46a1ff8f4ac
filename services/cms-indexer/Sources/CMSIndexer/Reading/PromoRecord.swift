/// A `marketing_promos` row with its territories.
public struct PromoRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The headline.
    public var title = ""
    /// `promo_type` as stored.
    public var promoType = ""
    /// `starts_at` as stored.
    public var startsAt = ""
    /// `ends_at` as stored.
    public var endsAt = ""
    /// The priority.
    public var priority = 0
    /// Territory codes.
    public var territories: [String] = []

    public init(id: String) {
        self.id = id
    }

    /// The `marketing_promos` rows.
    public static let main = RecordQuery<PromoRecord>(
        table: "marketing_promos",
        select: "SELECT uuid, title, promo_type, starts_at, ends_at, priority FROM marketing_promos",
        key: "uuid"
    ) { record, row in
        record.title = try row.string(1)
        record.promoType = try row.string(2)
        record.startsAt = try row.string(3)
        record.endsAt = try row.string(4)
        record.priority = try row.int(5)
    }

    /// The territories.
    public static let children = [
        RecordQuery<PromoRecord>(
            table: "marketing_promo_territories",
            select: "SELECT promo_uuid, territory_code FROM marketing_promo_territories", key: "promo_uuid",
            order: "promo_uuid, territory_code"
        ) { record, row in
            record.territories.append(try row.string(1))
        }
    ]
}
