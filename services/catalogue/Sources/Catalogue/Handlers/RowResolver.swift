import ESModels
import Foundation

/// A row's items as one client sees them here and now: assets or sports events, and how many
/// the row has in all.
struct RowItems: Sendable {
    /// What the row holds.
    enum Content: Sendable {
        /// A curated or query row's assets.
        case assets([AssetFlat])
        /// A `live_events` row's events.
        case events([SportsEvent])
    }

    /// The items of the page asked for.
    var content: Content
    /// How many items the row has for this client; the page's own count when not counted.
    var total: Int
    /// The first instant after now at which the page may change without any write (an item's
    /// licence window or an event starting or ending, one opening that would enter the row);
    /// computed only when asked for (``RowResolver/items(of:paging:countTotal:boundaries:)``).
    var nextChange: Date? = nil
    /// A curated row's listed assets found in the store, shown now or not, in list order (what
    /// the preview explains; empty for other rows).
    var found: [AssetFlat] = []

    /// How many items the page holds.
    var count: Int {
        switch content {
        case .assets(let assets): assets.count
        case .events(let events): events.count
        }
    }

    /// Whether the page holds no item.
    var isEmpty: Bool { count == 0 }
}

/// Resolves rows into their items for one request: a curated row's listed assets (those
/// available now, in list order), a query row's saved filter as an asset listing, a
/// `live_events` row's events running now.
///
/// The store calls run concurrently, at most ``width`` at once, each within the request's
/// deadline (the task-local ``SearchCallContext`` every child task inherits): one call per query
/// or `live_events` row, and the assets of every curated row looked up together (in calls of
/// ``CatalogueQueries/maximumRowAssetIDs`` ids), so a home screen of ten curated rows costs one
/// lookup, not ten.
struct RowResolver {
    /// The most store calls one request makes at once.
    static let width = 8

    let scope: RequestScope

    /// One store call.
    private enum Job: Sendable {
        case curatedAssets([String])
        case row(index: Int, PromotedRow)
    }

    private enum Outcome: Sendable {
        /// Every listed asset found, available now or not.
        case curatedAssets([AssetFlat])
        case row(index: Int, RowItems)
    }

    /// The page `paging` of each row's items, in the order of `rows`; `countTotal` counts every
    /// row's items exactly (the home screen does not need it); `boundaries` computes each row's
    /// ``RowItems/nextChange`` (with one more light store call per query or `live_events` row).
    func items(of rows: [PromotedRow], paging: Paging, countTotal: Bool, boundaries: Bool = false)
        async throws -> [RowItems]
    {
        let curatedIDs = Self.unique(rows.filter { $0.kind == .curated }.flatMap(\.assetUUIDs))
        var jobs: [Job] = stride(from: 0, to: curatedIDs.count, by: CatalogueQueries.maximumRowAssetIDs).map {
            .curatedAssets(
                Array(curatedIDs[$0..<min($0 + CatalogueQueries.maximumRowAssetIDs, curatedIDs.count)]))
        }
        for (index, row) in rows.enumerated() where row.kind != .curated {
            jobs.append(.row(index: index, row))
        }
        var resolved: [Int: RowItems] = [:]
        var available: [String: AssetFlat] = [:]
        let scope = scope
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var pending = jobs.makeIterator()
            for _ in 0..<Self.width {
                guard let job = pending.next() else { break }
                group.addTask {
                    try await Self.run(
                        job, scope: scope, paging: paging, countTotal: countTotal, boundaries: boundaries)
                }
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .curatedAssets(let assets):
                    for asset in assets { available[asset.uuid] = asset }
                case .row(let index, let items):
                    resolved[index] = items
                }
                if let job = pending.next() {
                    group.addTask {
                        try await Self.run(
                            job, scope: scope, paging: paging, countTotal: countTotal, boundaries: boundaries)
                    }
                }
            }
        }
        return rows.enumerated().map { index, row in
            if let items = resolved[index] { return items }
            let found = Self.unique(row.assetUUIDs).compactMap { available[$0] }
            let listed = found.filter { Availability.isAvailable($0, at: scope.now, in: scope.country) }
            // Any listed asset's window opening or closing changes the row (only asked for by
            // the home screen, which keeps its answer).
            let next =
                boundaries
                ? found.compactMap { Availability.nextChange(of: $0, after: scope.now, in: scope.country) }
                    .min()
                : nil
            return RowItems(
                content: .assets(Array(listed.dropFirst(paging.start).prefix(paging.num))),
                total: listed.count, nextChange: next, found: found)
        }
    }

    private static func run(
        _ job: Job, scope: RequestScope, paging: Paging, countTotal: Bool, boundaries: Bool
    ) async throws -> Outcome {
        switch job {
        case .curatedAssets(let ids):
            let found = try await scope.store.search(
                .assetflat, scope.queries.rowAssets(ids: ids), as: AssetFlat.self)
            return .curatedAssets(found.items)
        case .row(let index, let row) where row.kind == .liveEvents:
            let request = scope.queries.liveEvents(
                sport: row.query?.sport, country: scope.country, paging: paging, countTotal: countTotal)
            let found = try await scope.store.search(.sportsEvents, request, as: SportsEvent.self)
            var items = RowItems(content: .events(found.items), total: found.total ?? found.items.count)
            if boundaries {
                // A shown event ending, or the next one starting.
                let next = try await scope.store.search(
                    .sportsEvents,
                    scope.queries.nextEventStart(sport: row.query?.sport, country: scope.country),
                    as: SportsEvent.self
                ).items.first?.start
                items.nextChange = (found.items.map(\.end) + [next].compactMap { $0 }).filter {
                    $0 > scope.now
                }
                .min()
            }
            return .row(index: index, items)
        case .row(let index, let row):
            let request = scope.queries.rowQueryAssets(
                row.query, country: scope.country, paging: paging, countTotal: countTotal)
            let found = try await scope.store.search(.assetflat, request, as: AssetFlat.self)
            var items = RowItems(content: .assets(found.items), total: found.total ?? found.items.count)
            if boundaries {
                // A shown asset's window changing, or the next window that opens for the row's
                // filter (it may enter the row).
                let opening = try await scope.store.search(
                    .assetflat, scope.queries.rowQueryNextOpening(row.query, country: scope.country),
                    as: AssetFlat.self)
                let next = CatalogueQueries.nextOpening(in: opening.aggregations)
                items.nextChange =
                    (found.items.compactMap {
                        Availability.nextChange(of: $0, after: scope.now, in: scope.country)
                    }
                    + [next].compactMap { $0 }).min()
            }
            return .row(index: index, items)
        }
    }

    /// `values` without repeats, first occurrences kept in order.
    static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
