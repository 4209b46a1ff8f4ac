import ESModels

/// What the home screen's answers depend on in the store, read cheaply: the concrete indices
/// behind the assets, rows and sports events aliases (a full reindex moves them), and the change
/// position the indexer recorded for each of them in its state index (every incremental pass
/// moves it on once its writes are refreshed). Two equal versions mean no write the indexer made
/// came between them.
struct StoreVersion: Sendable, Hashable {
    /// The concrete indices read, sorted.
    var indices: [String]
    /// The indexer's change position of each concrete index that has one.
    var positions: [String: Int]
}

extension CatalogueStore {
    /// The indexer's state index (`cms-indexer-state`, owned by cms-indexer): documents of `kind`
    /// `position` name a concrete `index` and the `position` it reflects.
    static let indexerStateIndex = "cms-indexer-state"

    /// The store's version for the home screen: two light calls, run together.
    func version() async throws -> StoreVersion {
        let names = [IndexName.assetflat, .rows, .sportsEvents].map(indices.name).joined(separator: ",")
        let backend = backend
        async let aliases = call(index: names) { try await backend.getAlias(name: nil, index: names) }
        async let positions = call(index: Self.indexerStateIndex) { () async throws -> [String: Int] in
            let request = SearchRequest(query: .term("kind", "position"), size: 1_000)
            do {
                let found = try await backend.search(Self.indexerStateIndex, request: request)
                var positions: [String: Int] = [:]
                for hit in found.hits.hits {
                    guard let index = hit.source?["index"]?.stringValue,
                        let position = hit.source?["position"]?.intValue
                    else { continue }
                    positions[index] = position
                }
                return positions
            } catch let error as ElasticsearchError where error.type == "index_not_found_exception" {
                // A store no indexer wrote to (or not yet): only the aliases say what changed.
                return [:]
            }
        }
        let concrete = try await aliases.indices.keys.sorted()
        let recorded = try await positions
        return StoreVersion(indices: concrete, positions: recorded.filter { concrete.contains($0.key) })
    }
}
