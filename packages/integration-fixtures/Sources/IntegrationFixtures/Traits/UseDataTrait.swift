import ESModels
import Foundation
import Testing

/// A Swift Testing trait that gives each test (each case of a parameterized test) its own
/// fixture environment: a fresh search store with indices made from the mapping copy, the
/// test's documents loaded, a frozen clock; published as ``FixtureEnvironment/current`` while
/// the test runs and torn down after it.
///
/// ```swift
/// @Test(.useData(assetflats: [
///     ["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"],
///     ["uuid": "uuid-4", "license_windows": [["countries": ["ZA"]]]],
/// ]))
/// func byIDLeavesOutAssetsNotLicensedInTheCountry() async throws { ... }
/// ```
///
/// A document the store refuses (an override naming a field the mapping does not know, under
/// `dynamic: strict`) fails the test with the store's own error before its body runs.
public struct UseDataTrait: TestTrait, TestScoping {
    /// What the test's store holds.
    public var data: FixtureData
    /// Where the store lives; `nil` for the one `ES_URL` selects.
    public var store: FixtureStore?

    /// Creates the trait.
    public init(data: FixtureData, store: FixtureStore? = nil) {
        self.data = data
        self.store = store
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withFixtureEnvironment(data, store: store) { _ in try await function() }
    }
}

extension Trait where Self == UseDataTrait {
    /// Gives the test its own search store holding these documents; see ``FixtureData``.
    ///
    /// Each list holds partial documents merged into the kind's defaults (objects merged,
    /// arrays replaced, `nil` removes a member); reference data defaults to the main
    /// territories, main languages, categories and main ratings.
    public static func useData(
        now: Date = Fixtures.now, territories: [JSONValue] = Fixtures.mainTerritories,
        languages: [JSONValue] = Fixtures.mainLanguages, categories: [JSONValue] = Fixtures.categories,
        ratings: [JSONValue] = Fixtures.mainRatings, assetflats: [JSONValue] = [], promos: [JSONValue] = [],
        sportsEvents: [JSONValue] = [], rows: [JSONValue] = []
    ) -> Self {
        UseDataTrait(
            data: FixtureData(
                now: now, territories: territories, languages: languages, categories: categories,
                ratings: ratings, assetflats: assetflats, promos: promos, sportsEvents: sportsEvents,
                rows: rows))
    }

    /// Gives the test its own search store holding `data` (sets of any kinds), in `store`.
    public static func useData(_ data: FixtureData, store: FixtureStore? = nil) -> Self {
        UseDataTrait(data: data, store: store)
    }
}
