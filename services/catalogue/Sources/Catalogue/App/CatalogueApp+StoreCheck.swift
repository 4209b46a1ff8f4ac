import ESModels

extension CatalogueApp {
    /// What keeps the search store from serving the catalogue, or `nil` when it answers and
    /// holds every index the catalogue reads, each with a mapping it can read.
    ///
    /// `catalogue serve` runs it once at start-up and logs the answer as a warning: the server
    /// starts either way (requests get 503 until the store is ready), but whoever starts it
    /// learns at once that the cluster is unreachable, that nothing was indexed yet, or that an
    /// index's mapping is not the one this catalogue was built against.
    public func storeProblem() async -> String? {
        var missing: [String] = []
        var incompatible: [String] = []
        for index in IndexName.allCases {
            let name = configuration.indices.name(index)
            do {
                guard try await backend.indexExists(name) else {
                    missing.append(name)
                    continue
                }
                if let problem = MappingCompatibility.problem(
                    in: try await backend.getMapping(name), for: index)
                {
                    incompatible.append(
                        "index '\(name)' has a mapping the catalogue cannot read (\(problem))")
                }
            } catch let error as SearchTransportError {
                return "the search store does not answer (\(error)); requests get 503 until it does"
            } catch {
                return "the search store cannot be checked (\(error)); requests may fail until it can"
            }
        }
        var problems: [String] = []
        if !missing.isEmpty {
            let names = missing.map { "'\($0)'" }.joined(separator: ", ")
            problems.append(
                "the search store has no index \(names); requests that read "
                    + (missing.count == 1 ? "it" : "them")
                    + " get 503 until 'cms-indexer index' fills the store")
        }
        if !incompatible.isEmpty {
            problems.append(
                incompatible.joined(separator: "; ")
                    + "; requests that read it get 503 until it is reindexed with the synced mapping")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
