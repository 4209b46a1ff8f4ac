/// A failed indexing run. Whatever the cause, the aliases were not moved: the services keep
/// reading the previous complete indices.
public enum IndexingError: Error, CustomStringConvertible {
    /// The alias name is taken by a concrete index, so it cannot become an alias.
    case aliasIsAnIndex(String)
    /// A step against the search store failed.
    case storeFailed(step: String, reason: String, cleanedUp: [String])
    /// After indexing, the new index does not hold the expected number of documents.
    case countMismatch(index: String, expected: Int, found: Int, cleanedUp: [String])
    /// The run was cancelled (interrupted).
    case cancelled(cleanedUp: [String])

    public var description: String {
        switch self {
        case .aliasIsAnIndex(let alias):
            return
                "'\(alias)' is a concrete index, not an alias; move its data to a versioned index or delete it, then run again"
        case .storeFailed(let step, let reason, let cleanedUp):
            return "\(step) failed: \(reason); the aliases were not moved\(Self.cleanup(cleanedUp))"
        case .countMismatch(let index, let expected, let found, let cleanedUp):
            return
                "index '\(index)' holds \(found) documents after indexing, expected \(expected); the aliases were not moved\(Self.cleanup(cleanedUp))"
        case .cancelled(let cleanedUp):
            return "indexing was interrupted; the aliases were not moved\(Self.cleanup(cleanedUp))"
        }
    }

    /// The half-built indices this run deleted.
    public var cleanedUp: [String] {
        switch self {
        case .aliasIsAnIndex: []
        case .storeFailed(_, _, let names), .countMismatch(_, _, _, let names), .cancelled(let names): names
        }
    }

    private static func cleanup(_ names: [String]) -> String {
        names.isEmpty ? "" : " (deleted the half-built \(names.map { "'\($0)'" }.joined(separator: ", ")))"
    }
}
