import ESModels

extension CatalogueApp {
    /// What keeps the search store from serving the catalogue, or `nil` when it answers and
    /// holds every index the catalogue reads.
    ///
    /// `catalogue serve` runs it once at start-up and logs the answer as a warning: the server
    /// starts either way (requests get 503 until the store is ready), but whoever starts it
    /// learns at once that the cluster is unreachable or that nothing was indexed yet.
    public func storeProblem() async -> String? {
        var missing: [String] = []
        for index in IndexName.allCases {
            let name = configuration.indices.name(index)
            do {
                if try await !backend.indexExists(name) { missing.append(name) }
            } catch let error as SearchTransportError {
                return "the search store does not answer (\(error)); requests get 503 until it does"
            } catch {
                return "the search store cannot be checked (\(error)); requests may fail until it can"
            }
        }
        guard !missing.isEmpty else { return nil }
        let names = missing.map { "'\($0)'" }.joined(separator: ", ")
        return "the search store has no index \(names); requests that read "
            + (missing.count == 1 ? "it" : "them")
            + " get 503 until 'cms-indexer index' fills the store"
    }
}
