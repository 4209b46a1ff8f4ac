/// A browsing category, possibly inside another: the `categories` document.
public struct Category: SearchDocument {
    public static let indexName = IndexName.categories

    /// The category's id, also the document id (`uuid`).
    public var uuid: String
    /// A stable, URL-friendly name (`slug`: `action`).
    public var slug: String
    /// Titles by language code (`titles`).
    public var titles: [String: String]
    /// The parent category's id, for sub-categories (`parent_uuid`, absent at the top).
    public var parentUUID: String?

    /// Creates a category.
    public init(uuid: String, slug: String, titles: [String: String], parentUUID: String? = nil) {
        self.uuid = uuid
        self.slug = slug
        self.titles = titles
        self.parentUUID = parentUUID
    }

    public var documentID: String { uuid }

    enum CodingKeys: String, CodingKey {
        case uuid, slug, titles
        case parentUUID = "parent_uuid"
    }
}
