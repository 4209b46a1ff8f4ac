import Foundation

/// What a Catalogue API instance reads and how long it trusts what it caches.
public struct CatalogueConfiguration: Sendable {
    /// The indices to read.
    public var indices: CatalogueIndices
    /// How long the list of territories (used to check `content_country`) is kept before it
    /// is read again.
    public var territoryCacheLifetime: TimeInterval

    /// Creates a configuration.
    public init(indices: CatalogueIndices = CatalogueIndices(), territoryCacheLifetime: TimeInterval = 60) {
        self.indices = indices
        self.territoryCacheLifetime = territoryCacheLifetime
    }
}
