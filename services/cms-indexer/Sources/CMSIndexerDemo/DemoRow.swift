import CMSIndexer

/// A home-screen row of the demo database, as ``DemoVocabulary/rows`` lists them.
struct DemoRow {
    /// What the row holds.
    enum Content {
        /// Licensed assets picked by an editor (`movie` or `tv_series`; `nil`: both).
        case curated(type: String? = nil)
        /// A saved filter: an asset type, a category slug, a language code, an order.
        case query(type: String? = nil, category: String? = nil, language: String? = nil, sort: String)
        /// The events of a sport running now.
        case liveEvents(sport: String)
    }

    /// When the row shows, relative to the anchor.
    enum Schedule {
        /// Since some days, with no end.
        case showing
        /// Since some days, until `days` days after the anchor.
        case showingUntil(days: Int)
        /// From the day after the anchor: not yet.
        case tomorrow
        /// For a month, ended the day before the anchor.
        case ended
    }

    var slug: String
    /// Titles in en, fr, sw, pt (empty: no translation).
    var titles: [String]
    var content: Content
    var schedule: Schedule = .showing
    /// The platforms listed (none: all of them).
    var platforms: [String] = []
    var minimumAPIMajor: Int? = nil
    var maximumAPIMajor: Int? = nil
    /// The territories (`nil`: the main territories).
    var territories: [String]? = nil
}
