/// The names of our indices, in one place.
///
/// Each name is the alias the services read through; the indexer writes into versioned
/// concrete indices (``concreteName(version:)``) and moves the alias when one is complete.
public enum IndexName: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Denormalized assets (movies, episodes, series, sport events): ``AssetFlat``.
    case assetflat
    /// ``Territory`` documents.
    case territories
    /// ``Language`` documents.
    case languages
    /// ``Category`` documents.
    case categories
    /// ``Rating`` documents.
    case ratings
    /// ``MarketingPromo`` documents.
    case marketingPromos = "marketing_promos"
    /// ``SportsEvent`` documents.
    case sportsEvents = "sports_events"
    /// ``PromotedRow`` documents: the rows of an app's home screen.
    case rows

    public var description: String { rawValue }

    /// A versioned concrete index for this alias: `assetflat-20240101120000`.
    public func concreteName(version: String) -> String {
        "\(rawValue)-\(version)"
    }

    /// Whether `index` is a concrete index of this alias (made by ``concreteName(version:)``).
    public func isConcreteName(_ index: String) -> Bool {
        index.hasPrefix("\(rawValue)-") && index.count > rawValue.count + 1
    }
}
