/// A `categories` row with its localized titles.
public struct CategoryRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The slug.
    public var slug = ""
    /// The parent category's uuid.
    public var parentUUID: String?
    /// Titles by language code.
    public var titles: [String: String] = [:]

    public init(id: String) {
        self.id = id
    }

    /// The `categories` rows.
    public static let main = RecordQuery<CategoryRecord>(
        table: "categories",
        select: "SELECT uuid, slug, parent_uuid FROM categories", key: "uuid"
    ) { record, row in
        record.slug = try row.string(1)
        record.parentUUID = try row.optionalString(2)
    }

    /// The titles.
    public static let children = [
        RecordQuery<CategoryRecord>(
            table: "category_titles",
            select: "SELECT category_uuid, language_code, title FROM category_titles", key: "category_uuid",
            order: "category_uuid, language_code"
        ) { record, row in
            record.titles[try row.string(1)] = try row.string(2)
        }
    ]
}
