/// Why an incremental pass could not start. Nothing was written.
public enum IncrementalError: Error, CustomStringConvertible, Equatable {
    /// The alias points at no index (or several): there is nothing to keep fresh yet.
    case noLiveIndex(alias: String, targets: [String])
    /// The live index was built before change capture and records no position.
    case noPosition(alias: String, index: String)

    public var description: String {
        switch self {
        case .noLiveIndex(let alias, let targets):
            let found = targets.isEmpty ? "no index" : targets.map { "'\($0)'" }.joined(separator: ", ")
            return
                "the alias '\(alias)' points at \(found), not one live index; run a full 'cms-indexer index' first"
        case .noPosition(let alias, let index):
            return
                "the live index '\(index)' of '\(alias)' records no change position (it was built before change capture); run a full 'cms-indexer index' once"
        }
    }
}
