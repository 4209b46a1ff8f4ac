import ESModels
import Foundation

/// What a test's search store holds: the frozen "now", and per index the partial documents to
/// complete and load.
///
/// Reference data (main territories, main languages, categories, main ratings) is loaded by
/// default, because every real catalogue has it; pass `[]` to leave an index empty, or your own
/// list to replace it. Assets, promos, sports events and rows are loaded only when asked for.
///
/// ```swift
/// let data = FixtureData(
///     assetflats: [["uuid": "uuid-1"], ["uuid": "uuid-2", "license_windows": [["countries": ["ZA"]]]]],
///     promos: [["promo_type": "call_to_action"], ["promo_type": "editorial"]])
/// ```
public struct FixtureData: Sendable {
    /// The instant the test's clock is frozen at.
    public var now: Date
    /// The documents to load, index by index, in order.
    public var sets: [FixtureSet]
    /// The indices to create from the mapping copy; `nil` creates every index the copy holds,
    /// so a query to an index the test left empty finds nothing rather than failing.
    public var indices: [String]?

    /// Creates data from sets of any kinds (a service's own indices included).
    public init(now: Date = Fixtures.now, sets: [FixtureSet], indices: [String]? = nil) {
        self.now = now
        self.sets = sets
        self.indices = indices
    }

    /// Creates data for our indices, with reference data by default.
    ///
    /// - Parameters:
    ///   - now: the frozen instant (``Fixtures/now`` by default).
    ///   - territories: `territories` overrides; the main territories by default.
    ///   - languages: `languages` overrides; the main languages by default.
    ///   - categories: `categories` overrides; ``Fixtures/categories`` by default.
    ///   - ratings: `ratings` overrides; the main ratings by default.
    ///   - assetflats: `assetflat` overrides (a movie licensed now everywhere, by default).
    ///   - promos: `marketing_promos` overrides (an editorial promo active now, by default).
    ///   - sportsEvents: `sports_events` overrides (a football match tomorrow, by default).
    ///   - rows: `rows` overrides (a curated row of `uuid-1` to `uuid-3` showing now, by default).
    public init(
        now: Date = Fixtures.now, territories: [JSONValue] = Fixtures.mainTerritories,
        languages: [JSONValue] = Fixtures.mainLanguages, categories: [JSONValue] = Fixtures.categories,
        ratings: [JSONValue] = Fixtures.mainRatings, assetflats: [JSONValue] = [], promos: [JSONValue] = [],
        sportsEvents: [JSONValue] = [], rows: [JSONValue] = []
    ) {
        self.init(
            now: now,
            sets: [
                FixtureSet(.territory, territories), FixtureSet(.language, languages),
                FixtureSet(.category, categories), FixtureSet(.rating, ratings),
                FixtureSet(.assetflat, assetflats), FixtureSet(.promo, promos),
                FixtureSet(.sportsEvent, sportsEvents), FixtureSet(.row, rows),
            ])
    }
}
