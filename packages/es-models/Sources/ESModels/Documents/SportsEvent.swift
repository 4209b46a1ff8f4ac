import Foundation

/// A scheduled sports event: the `sports_events` document.
public struct SportsEvent: SearchDocument {
    public static let indexName = IndexName.sportsEvents

    /// The event's id, also the document id (`uuid`).
    public var uuid: String
    /// The sport (`sport`: `football`).
    public var sport: String
    /// The competition (`competition`: `Premier League`).
    public var competition: String
    /// The teams or players taking part (`teams`).
    public var teams: [String]
    /// Kick-off (`start`).
    public var start: Date
    /// The expected end (`end`).
    public var end: Date
    /// ISO codes of the territories it is shown in (`territories`).
    public var territories: [String]

    /// Creates an event.
    public init(
        uuid: String, sport: String, competition: String, teams: [String], start: Date, end: Date,
        territories: [String]
    ) {
        self.uuid = uuid
        self.sport = sport
        self.competition = competition
        self.teams = teams
        self.start = start
        self.end = end
        self.territories = territories
    }

    public var documentID: String { uuid }

    enum CodingKeys: String, CodingKey {
        case uuid, sport, competition, teams, start, end, territories
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            sport: try container.decode(String.self, forKey: .sport),
            competition: try container.decode(String.self, forKey: .competition),
            teams: try container.decode([String].self, forKey: .teams),
            start: try container.decodeDate(forKey: .start),
            end: try container.decodeDate(forKey: .end),
            territories: try container.decode([String].self, forKey: .territories))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(sport, forKey: .sport)
        try container.encode(competition, forKey: .competition)
        try container.encode(teams, forKey: .teams)
        try container.encodeDate(start, forKey: .start)
        try container.encodeDate(end, forKey: .end)
        try container.encode(territories, forKey: .territories)
    }
}
