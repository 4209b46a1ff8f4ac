/// The counts of one facet's values over a listing, most assets first, as
/// `[{"count": 12, "title": "Action", "value": "category-action"}, ...]` (`title` for
/// categories only: `null` for a category the categories index does not have).
struct FacetCounts {
    /// One value and how many assets have it.
    struct Value {
        var value: String
        var count: Int
        /// The category's title in the client's language.
        var title: String?
    }

    var facet: Facet
    var values: [Value]

    /// Writes `{"category": [...], "language": [...], "type": [...]}`, facets by name.
    static func write(_ facets: [FacetCounts], into output: inout JSONOutput) {
        output.beginObject()
        for counts in facets.sorted(by: { $0.facet.rawValue < $1.facet.rawValue }) {
            switch counts.facet {
            case .category: output.key("category")
            case .language: output.key("language")
            case .type: output.key("type")
            }
            output.beginArray()
            for value in counts.values {
                output.beginObject()
                output.key("count")
                output.int(value.count)
                if counts.facet == .category {
                    output.key("title")
                    if let title = value.title { output.string(title) } else { output.null() }
                }
                output.key("value")
                output.string(value.value)
                output.endObject()
            }
            output.endArray()
        }
        output.endObject()
    }
}
