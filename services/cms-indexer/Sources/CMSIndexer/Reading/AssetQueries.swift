/// The queries that gather ``AssetRecord``s.
public enum AssetQueries {
    /// The `assets` rows, in uuid order.
    public static let main = RecordQuery<AssetRecord>(
        table: "assets",
        select: "SELECT uuid, type, created_at, updated_at FROM assets", key: "uuid"
    ) { record, row in
        record.type = try row.string(1)
        record.createdAt = try row.string(2)
        record.updatedAt = try row.string(3)
    }

    /// Everything folded into an assetflat document, for a batch's uuid range.
    public static let children: [RecordQuery<AssetRecord>] = [
        RecordQuery(
            table: "asset_localizations",
            select: "SELECT asset_uuid, language_code, title, description FROM asset_localizations",
            key: "asset_uuid", order: "asset_uuid, language_code"
        ) { record, row in
            record.localizations.append(
                .init(
                    language: try row.string(1), title: try row.string(2),
                    description: try row.optionalString(3)))
        },
        RecordQuery(
            table: "asset_categories",
            select: "SELECT asset_uuid, category_uuid FROM asset_categories", key: "asset_uuid",
            order: "asset_uuid, position, category_uuid"
        ) { record, row in
            record.categories.append(try row.string(1))
        },
        RecordQuery(
            table: "asset_languages",
            select: "SELECT asset_uuid, language_code, kind FROM asset_languages", key: "asset_uuid",
            order: "asset_uuid, kind, language_code"
        ) { record, row in
            if try row.string(2) == "audio" {
                record.audioLanguages.append(try row.string(1))
            } else {
                record.subtitleLanguages.append(try row.string(1))
            }
        },
        RecordQuery(
            table: "asset_ratings",
            select: "SELECT asset_uuid, territory_code, rating_uuid FROM asset_ratings", key: "asset_uuid",
            order: "asset_uuid, territory_code"
        ) { record, row in
            record.ratings.append((try row.string(1), try row.string(2)))
        },
        RecordQuery(
            table: "episodes",
            select: """
                SELECT e.asset_uuid, s.series_uuid, s.uuid, s.number, e.number FROM episodes e
                JOIN seasons s ON s.uuid = e.season_uuid
                """, key: "e.asset_uuid"
        ) { record, row in
            record.seriesUUID = try row.string(1)
            record.seasonUUID = try row.string(2)
            record.seasonNumber = try row.int(3)
            record.episodeNumber = try row.int(4)
        },
        RecordQuery(
            table: "asset_categories (series)",
            select: """
                SELECT e.asset_uuid, c.category_uuid FROM episodes e
                JOIN seasons s ON s.uuid = e.season_uuid
                JOIN asset_categories c ON c.asset_uuid = s.series_uuid
                """, key: "e.asset_uuid", order: "e.asset_uuid, c.position, c.category_uuid"
        ) { record, row in
            record.seriesCategories.append(try row.string(1))
        },
        RecordQuery(
            table: "asset_ratings (series)",
            select: """
                SELECT e.asset_uuid, r.rating_uuid FROM episodes e
                JOIN seasons s ON s.uuid = e.season_uuid
                JOIN asset_ratings r ON r.asset_uuid = s.series_uuid
                """, key: "e.asset_uuid", order: "e.asset_uuid, r.territory_code"
        ) { record, row in
            record.seriesRatings.append(try row.string(1))
        },
        RecordQuery(
            table: "license_windows",
            select:
                "SELECT asset_uuid, uuid, starts_at, ends_at, license_type, is_downloadable FROM license_windows",
            key: "asset_uuid", order: "asset_uuid, starts_at, uuid"
        ) { record, row in
            record.windows.append(
                .init(
                    uuid: try row.string(1), startsAt: try row.string(2), endsAt: try row.string(3),
                    licenseType: try row.string(4), isDownloadable: try row.bool(5)))
        },
        windowChild(table: "license_window_countries", column: "territory_code") { $0.countries.append($1) },
        windowChild(table: "license_window_subscription_statuses", column: "status") {
            $0.subscriptionStatuses.append($1)
        },
    ]

    /// A table of values per license window (`license_window_uuid`, `column`), joined
    /// through the windows of the batch's assets.
    private static func windowChild(
        table: String, column: String, add: @escaping @Sendable (inout AssetRecord.Window, String) -> Void
    ) -> RecordQuery<AssetRecord> {
        RecordQuery(
            table: table,
            select: """
                SELECT w.asset_uuid, c.license_window_uuid, c.\(column) FROM license_windows w
                JOIN \(table) c ON c.license_window_uuid = w.uuid
                """, key: "w.asset_uuid", order: "w.asset_uuid, c.license_window_uuid, c.\(column)"
        ) { record, row in
            let window = try row.string(1)
            guard let index = record.windows.firstIndex(where: { $0.uuid == window }) else { return }
            add(&record.windows[index], try row.string(2))
        }
    }
}
