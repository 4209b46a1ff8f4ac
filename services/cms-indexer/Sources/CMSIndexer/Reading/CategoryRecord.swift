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
        sql: "SELECT uuid, slug, parent_uuid FROM categories WHERE uuid > ?1 ORDER BY uuid LIMIT ?2"
    ) { record, row in
        record.slug = try row.string(1)
        record.parentUUID = try row.optionalString(2)
    }

    /// The titles.
    public static let children = [
        RecordQuery<CategoryRecord>(
            table: "category_titles",
            sql: """
                SELECT category_uuid, language_code, title FROM category_titles
                WHERE category_uuid BETWEEN ?1 AND ?2 ORDER BY category_uuid, language_code
                """
        ) { record, row in
            record.titles[try row.string(1)] = try row.string(2)
        }
    ]
}
