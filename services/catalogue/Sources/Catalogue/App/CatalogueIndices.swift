import ESModels

/// The names of the indices (or aliases) the catalogue reads: our index names behind an
/// optional prefix, so that tests sharing one cluster each read their own.
public struct CatalogueIndices: Sendable, Equatable {
    /// Put before every index name (`""` in production: the aliases the indexer maintains).
    public var prefix: String

    /// Creates the names.
    public init(prefix: String = "") {
        self.prefix = prefix
    }

    /// The name to search for one of our indices.
    public func name(_ index: IndexName) -> String {
        prefix + index.rawValue
    }
}
