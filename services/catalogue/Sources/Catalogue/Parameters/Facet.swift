import ESModels

/// What `GET /catalogue/assets?facets=category,language,type` counts next to the page: for each
/// value of the field, how many assets of the listing (same filters, whole listing, not only
/// the page) have it.
public enum Facet: String, Sendable, CaseIterable {
    /// By category uuid, with the category's title.
    case category
    /// By available language (audio or subtitles), three-letter codes.
    case language
    /// By asset type.
    case type

    /// The most values counted per facet, those held by the most assets.
    public static let valueLimit = 100

    /// The `assetflat` field counted.
    var field: String {
        switch self {
        case .category: "categories"
        case .language: "languages"
        case .type: "type"
        }
    }

    /// The aggregation counting the facet's values: most assets first, then by value.
    var aggregation: Aggregation {
        .terms(field, size: Self.valueLimit, order: [.countDescending, .keyAscending])
    }
}
