/// A `rows` row (a home-screen row) with its titles, platforms, territories and curated items.
public struct PromotedRowRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The slug.
    public var slug = ""
    /// `kind` as stored.
    public var kind = ""
    /// The oldest API major it shows for, if bounded.
    public var minimumAPIMajor: Int?
    /// The newest API major it shows for, if bounded.
    public var maximumAPIMajor: Int?
    /// `starts_at` as stored.
    public var startsAt = ""
    /// `ends_at` as stored; `nil`: open-ended.
    public var endsAt: String?
    /// The place on the screen.
    public var position = 0
    /// `query_type` as stored.
    public var queryType: String?
    /// `query_category`: a category uuid.
    public var queryCategory: String?
    /// `query_language`: a language code.
    public var queryLanguage: String?
    /// `query_sport`.
    public var querySport: String?
    /// `query_sort` as stored.
    public var querySort: String?
    /// `updated_at` as stored.
    public var updatedAt = ""
    /// Titles by language code.
    public var titles: [String: String] = [:]
    /// Platforms as stored, sorted.
    public var platforms: [String] = []
    /// Territory codes, sorted.
    public var territories: [String] = []
    /// A curated row's asset uuids, by position.
    public var items: [String] = []

    public init(id: String) {
        self.id = id
    }

    /// The `rows` rows.
    public static let main = RecordQuery<PromotedRowRecord>(
        table: "rows",
        select: """
            SELECT uuid, slug, kind, min_api_major, max_api_major, starts_at, ends_at, position, query_type,
                query_category, query_language, query_sport, query_sort, updated_at FROM rows
            """,
        key: "uuid"
    ) { record, row in
        record.slug = try row.string(1)
        record.kind = try row.string(2)
        record.minimumAPIMajor = try row.optionalInt(3)
        record.maximumAPIMajor = try row.optionalInt(4)
        record.startsAt = try row.string(5)
        record.endsAt = try row.optionalString(6)
        record.position = try row.int(7)
        record.queryType = try row.optionalString(8)
        record.queryCategory = try row.optionalString(9)
        record.queryLanguage = try row.optionalString(10)
        record.querySport = try row.optionalString(11)
        record.querySort = try row.optionalString(12)
        record.updatedAt = try row.string(13)
    }

    /// The titles, platforms, territories and items.
    public static let children = [
        RecordQuery<PromotedRowRecord>(
            table: "row_titles",
            select: "SELECT row_uuid, language_code, title FROM row_titles", key: "row_uuid",
            order: "row_uuid, language_code"
        ) { record, row in
            record.titles[try row.string(1)] = try row.string(2)
        },
        RecordQuery<PromotedRowRecord>(
            table: "row_platforms",
            select: "SELECT row_uuid, platform FROM row_platforms", key: "row_uuid",
            order: "row_uuid, platform"
        ) { record, row in
            record.platforms.append(try row.string(1))
        },
        RecordQuery<PromotedRowRecord>(
            table: "row_territories",
            select: "SELECT row_uuid, territory_code FROM row_territories", key: "row_uuid",
            order: "row_uuid, territory_code"
        ) { record, row in
            record.territories.append(try row.string(1))
        },
        RecordQuery<PromotedRowRecord>(
            table: "row_items",
            select: "SELECT row_uuid, asset_uuid FROM row_items", key: "row_uuid",
            order: "row_uuid, position, asset_uuid"
        ) { record, row in
            record.items.append(try row.string(1))
        },
    ]
}
