import ESModels
import Synchronization
import TimeKit

/// The territories the catalogue serves, read from the territories index and kept for a while,
/// to check country parameters without a search per request.
final class TerritoryDirectory: Sendable {
    private struct Snapshot {
        var names: [String: String]
        var loadedAt: ContinuousClock.Instant
    }

    private let lifetime: Duration
    private let clock: MonotonicClock
    private let snapshot = Mutex<Snapshot?>(nil)

    /// Creates an empty directory whose list is trusted for `lifetime` on `clock` (elapsed
    /// time, not the request's "now": a frozen or jumping wall clock must not pin or drop it).
    init(lifetime: Duration, clock: MonotonicClock) {
        self.lifetime = lifetime
        self.clock = clock
    }

    /// Throws unless `country` (when given) is a territory the catalogue serves.
    ///
    /// - Throws: ``CatalogueError/unknownCountry(parameter:code:)``, or the store's
    ///   errors when the list must be (re)loaded.
    func check(_ country: CountryCode?, parameter: String, store: CatalogueStore) async throws {
        guard let country else { return }
        let names = try await territoryNames(store: store)
        guard names[country.code] == nil else { return }
        // No "did you mean": two-letter codes one letter apart are different countries.
        throw CatalogueError.unknownCountry(parameter: parameter, code: country.code)
    }

    /// The territory names by code, from the cache when it is fresh.
    func territoryNames(store: CatalogueStore) async throws -> [String: String] {
        let now = clock.now()
        if let cached = snapshot.withLock({ $0 }), now - cached.loadedAt < lifetime { return cached.names }
        let territories = try await store.search(
            .territories, CatalogueQueries.territories(), as: Territory.self
        ).items
        let names = Dictionary(
            territories.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
        snapshot.withLock { $0 = Snapshot(names: names, loadedAt: now) }
        return names
    }
}
