import ESModels

/// How `GET /catalogue/assets` orders its items (`sort`; a leading `-` means descending).
public enum AssetSort: String, Sendable, CaseIterable {
    /// Newest first (the default).
    case newest = "-created_at"
    /// Oldest first.
    case oldest = "created_at"
    /// Most recently updated first.
    case recentlyUpdated = "-updated_at"
    /// Least recently updated first.
    case leastRecentlyUpdated = "updated_at"
    /// By title in the requested language, A to Z (assets without one last).
    case title = "title"
    /// By title in the requested language, Z to A (assets without one last).
    case titleDescending = "-title"
    /// In viewing order: by season number, then episode number (assets outside a series last);
    /// the default when listing a series' episodes.
    case episode = "episode"

    /// The sort criteria, ending with the uuid so that pages never overlap or skip.
    func sortFields(language: LanguageCode) -> [SortField] {
        let primary: [SortField] =
            switch self {
            case .newest: [SortField("created_at", order: .desc)]
            case .oldest: [SortField("created_at", order: .asc)]
            case .recentlyUpdated: [SortField("updated_at", order: .desc)]
            case .leastRecentlyUpdated: [SortField("updated_at", order: .asc)]
            case .title, .titleDescending:
                // Titles are a dynamic map: a language no document has yet is unmapped, so the
                // sort says which type to assume.
                [
                    SortField(
                        "titles.\(language.alpha2).keyword", order: self == .title ? .asc : .desc,
                        missing: .last,
                        unmappedType: "keyword")
                ]
            case .episode:
                // `unmapped_type`: an index built before episodes carried their numbers still
                // sorts (every asset then counts as outside a series).
                [
                    SortField("season_number", order: .asc, missing: .last, unmappedType: "integer"),
                    SortField("episode_number", order: .asc, missing: .last, unmappedType: "integer"),
                ]
            }
        return primary + [SortField("uuid", order: .asc)]
    }
}
