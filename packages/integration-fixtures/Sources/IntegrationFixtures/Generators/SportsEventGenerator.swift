import ESModels
import Foundation
import SeededRandom

/// Generates any number of sports events over any date range, deterministically: starts
/// spread evenly over the range (rounded to the minute), sports taken in turn, competitions and
/// two different teams drawn from each sport's lists.
///
/// ```swift
/// let events = SportsEventGenerator().events(
///     count: 300, from: Fixtures.date(days: -30), to: Fixtures.date(days: 60))
/// @Test(.useData(sportsEvents: events)) func listsEvents() async throws { ... }
/// ```
public struct SportsEventGenerator: Sendable {
    /// A sport with what its events are drawn from.
    public struct Sport: Sendable {
        /// The sport's name (`sport` field).
        public var name: String
        /// Competitions (`competition` field).
        public var competitions: [String]
        /// Teams or players; each event takes two different ones.
        public var teams: [String]
        /// How long an event lasts.
        public var duration: TimeInterval

        /// Creates a sport.
        public init(name: String, competitions: [String], teams: [String], duration: TimeInterval) {
            self.name = name
            self.competitions = competitions
            self.teams = teams
            self.duration = duration
        }
    }

    /// The sports events are drawn from, taken in turn.
    public var sports: [Sport]
    /// The territories every event is shown in.
    public var territories: [String]
    /// The seed of the draws.
    public var seed: UInt64
    /// The prefix of event ids: `event-0001`, `event-0002`...
    public var idPrefix: String

    /// The default sports: football, rugby, basketball, athletics.
    public static let defaultSports: [Sport] = [
        Sport(
            name: "football",
            competitions: ["Kenyan Premier League", "CAF Champions League", "Premier League"],
            teams: ["Gor Mahia", "AFC Leopards", "Tusker", "Kaizer Chiefs", "Orlando Pirates", "Enyimba"],
            duration: 2 * 3600),
        Sport(
            name: "rugby", competitions: ["Currie Cup", "Rugby Africa Cup"],
            teams: ["Bulls", "Sharks", "Stormers", "Kenya Simbas", "Namibia"], duration: 2 * 3600),
        Sport(
            name: "basketball", competitions: ["Basketball Africa League"],
            teams: ["Petro de Luanda", "Al Ahly", "US Monastir", "Rivers Hoopers"], duration: 3 * 3600),
        Sport(
            name: "athletics", competitions: ["Diamond League", "Kip Keino Classic"],
            teams: ["Men's 10,000 m", "Women's 1500 m", "Men's Marathon"], duration: 3 * 3600),
    ]

    /// Creates a generator.
    public init(
        sports: [Sport] = SportsEventGenerator.defaultSports,
        territories: [String] = Fixtures.mainTerritoryCodes,
        seed: UInt64 = 42, idPrefix: String = "event-"
    ) {
        self.sports = sports
        self.territories = territories
        self.seed = seed
        self.idPrefix = idPrefix
    }

    /// `count` complete `sports_events` documents starting between `from` (inclusive) and `to`
    /// (exclusive), in start order.
    public func events(count: Int, from: Date, to: Date) -> [JSONValue] {
        guard count > 0, !sports.isEmpty else { return [] }
        var random = SplitMix64(seed: seed)
        let span = max(0, to.timeIntervalSince(from))
        let width = max(4, String(count).count)
        return (0..<count).map { index in
            let offset = (span * Double(index) / Double(count) / 60).rounded(.down) * 60
            let start = from.addingTimeInterval(offset)
            let sport = sports[index % sports.count]
            var teams = sport.teams.shuffled(using: &random)
            if teams.count < 2 { teams += ["To be announced", "To be announced"] }
            let number = String(index + 1)
            let id = idPrefix + String(repeating: "0", count: max(0, width - number.count)) + number
            return [
                "uuid": .string(id), "sport": .string(sport.name),
                "competition": .string(sport.competitions.randomElement(using: &random) ?? sport.name),
                "teams": [.string(teams[0]), .string(teams[1])], "start": .datetime(start),
                "end": .datetime(start.addingTimeInterval(sport.duration)),
                "territories": .array(territories.map(JSONValue.string)),
            ]
        }
    }
}
