/// A `ratings` row with the territories where its rating system applies.
public struct RatingRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The rating system.
    public var system = ""
    /// The code in its system.
    public var code = ""
    /// The youngest age allowed.
    public var minimumAge = 0
    /// Whether it is a main rating.
    public var isMain = false
    /// Territory codes of its system (`rating_system_territories`), by code.
    public var territories: [String] = []

    public init(id: String) {
        self.id = id
    }

    /// The `ratings` rows.
    public static let main = RecordQuery<RatingRecord>(
        table: "ratings",
        select: "SELECT uuid, system, code, minimum_age, is_main FROM ratings", key: "uuid"
    ) { record, row in
        record.system = try row.string(1)
        record.code = try row.string(2)
        record.minimumAge = try row.int(3)
        record.isMain = try row.bool(4)
    }

    /// The territories of each rating's system.
    public static let children = [
        RecordQuery<RatingRecord>(
            table: "rating_system_territories",
            select: """
                SELECT r.uuid, t.territory_code FROM ratings r
                JOIN rating_system_territories t ON t.system = r.system
                """, key: "r.uuid", order: "r.uuid, t.territory_code"
        ) { record, row in
            record.territories.append(try row.string(1))
        }
    ]
}
