/// A `sports_events` row with its teams and territories.
public struct SportsEventRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The sport.
    public var sport = ""
    /// The competition.
    public var competition = ""
    /// `starts_at` as stored.
    public var startsAt = ""
    /// `ends_at` as stored.
    public var endsAt = ""
    /// Teams, by position.
    public var teams: [String] = []
    /// Territory codes.
    public var territories: [String] = []

    public init(id: String) {
        self.id = id
    }

    /// The `sports_events` rows.
    public static let main = RecordQuery<SportsEventRecord>(
        table: "sports_events",
        select: "SELECT uuid, sport, competition, starts_at, ends_at FROM sports_events", key: "uuid"
    ) { record, row in
        record.sport = try row.string(1)
        record.competition = try row.string(2)
        record.startsAt = try row.string(3)
        record.endsAt = try row.string(4)
    }

    /// The teams and territories.
    public static let children = [
        RecordQuery<SportsEventRecord>(
            table: "sports_event_teams",
            select: "SELECT event_uuid, team FROM sports_event_teams", key: "event_uuid",
            order: "event_uuid, position"
        ) { record, row in
            record.teams.append(try row.string(1))
        },
        RecordQuery<SportsEventRecord>(
            table: "sports_event_territories",
            select: "SELECT event_uuid, territory_code FROM sports_event_territories", key: "event_uuid",
            order: "event_uuid, territory_code"
        ) { record, row in
            record.territories.append(try row.string(1))
        },
    ]
}
