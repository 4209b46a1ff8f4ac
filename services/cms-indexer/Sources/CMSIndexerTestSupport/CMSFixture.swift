import CMSIndexer
import ESModels
import Foundation

/// Real CMS databases for tests: migrated to the latest schema, then filled with SQL that both
/// SQLite and PostgreSQL run (ISO 8601 dates as text, `TRUE`/`FALSE` for flags).
public enum CMSFixture {
    /// Reference rows most fixtures need: territories KE, ZA, GB; languages en, fr, sw;
    /// two categories; ratings of the KFCB, FPB and BBFC systems.
    public static let referenceSQL = """
        INSERT INTO territories (code, name, is_main) VALUES ('KE', 'Kenya', TRUE), ('ZA', 'South Africa', TRUE),
            ('GB', 'United Kingdom', FALSE);
        INSERT INTO languages (code, name, is_main) VALUES ('en', 'English', TRUE), ('fr', 'French', TRUE),
            ('sw', 'Swahili', FALSE);
        INSERT INTO categories (uuid, slug, parent_uuid) VALUES ('cat-drama', 'drama', NULL),
            ('cat-crime', 'crime', 'cat-drama');
        INSERT INTO category_titles (category_uuid, language_code, title) VALUES
            ('cat-drama', 'en', 'Drama'), ('cat-drama', 'fr', 'Drame'), ('cat-crime', 'en', 'Crime');
        INSERT INTO ratings (uuid, system, code, minimum_age, is_main) VALUES
            ('rating-kfcb-16', 'KFCB', '16', 16, TRUE), ('rating-fpb-16', 'FPB', '16', 16, TRUE),
            ('rating-bbfc-15', 'BBFC', '15', 15, FALSE);
        INSERT INTO rating_system_territories (system, territory_code) VALUES ('KFCB', 'KE'), ('FPB', 'ZA'),
            ('BBFC', 'GB');
        """

    /// Creates `name` in `directory`, migrated, with ``referenceSQL`` and then `sql` applied.
    ///
    /// - Returns: the file's path.
    @discardableResult
    public static func database(
        in directory: URL, name: String = "cms.sqlite", reference: Bool = true, sql: String = ""
    ) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try fill(.sqlite(path: path), reference: reference, sql: sql)
        return path
    }

    /// Migrates the database at `location`, then applies ``referenceSQL`` (unless `reference` is
    /// false) and `sql`.
    public static func fill(_ location: CMSDatabaseLocation, reference: Bool = true, sql: String = "") throws
    {
        let db = try CMSDatabase.openForWriting(location, clock: .frozen(at: Date(timeIntervalSince1970: 0)))
        if reference { try db.execute(referenceSQL) }
        if !sql.isEmpty { try db.execute(sql) }
    }

    /// Runs SQL on the database at `location`.
    public static func execute(_ sql: String, on location: CMSDatabaseLocation) throws {
        try CMSDatabase.open(location, readOnly: false).execute(sql)
    }

    /// SQL for a minimal, valid movie licensed in KE and ZA from 2024 to 2030.
    public static func movieSQL(_ uuid: String, title: String = "A Movie") -> String {
        """
        INSERT INTO assets (uuid, type, created_at, updated_at)
            VALUES ('\(uuid)', 'movie', '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z');
        INSERT INTO asset_localizations (asset_uuid, language_code, title) VALUES ('\(uuid)', 'en', '\(title)');
        INSERT INTO license_windows (uuid, asset_uuid, starts_at, ends_at, license_type, is_downloadable)
            VALUES ('lw-\(uuid)', '\(uuid)', '2024-01-01T00:00:00Z', '2030-01-01T00:00:00Z', 'SVOD', FALSE);
        INSERT INTO license_window_countries (license_window_uuid, territory_code)
            VALUES ('lw-\(uuid)', 'KE'), ('lw-\(uuid)', 'ZA');
        INSERT INTO license_window_subscription_statuses (license_window_uuid, status) VALUES ('lw-\(uuid)', 'active');
        """
    }

    /// SQL for a valid query row (newest movies first) shown in KE since 2024 on every platform,
    /// at `position`; its slug is its uuid.
    public static func rowSQL(_ uuid: String, title: String = "New movies", position: Int = 1) -> String {
        """
        INSERT INTO rows (uuid, slug, kind, starts_at, position, query_type, query_sort, created_at, updated_at)
            VALUES ('\(uuid)', '\(uuid)', 'query', '2024-01-01T00:00:00Z', \(position), 'movie', 'newest',
                '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z');
        INSERT INTO row_titles (row_uuid, language_code, title) VALUES ('\(uuid)', 'en', '\(title)');
        INSERT INTO row_territories (row_uuid, territory_code) VALUES ('\(uuid)', 'KE');
        """
    }

    /// SQL for a valid curated row of `assets` (in that order; they must exist) shown in KE and
    /// ZA since 2024 on every platform, at `position`; its slug is its uuid.
    public static func curatedRowSQL(
        _ uuid: String, assets: [String], title: String = "Our picks", position: Int = 1
    ) -> String {
        let items = assets.enumerated().map { "('\(uuid)', '\($1)', \($0))" }.joined(separator: ", ")
        return """
            INSERT INTO rows (uuid, slug, kind, starts_at, position, created_at, updated_at)
                VALUES ('\(uuid)', '\(uuid)', 'curated', '2024-01-01T00:00:00Z', \(position),
                    '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z');
            INSERT INTO row_titles (row_uuid, language_code, title) VALUES ('\(uuid)', 'en', '\(title)');
            INSERT INTO row_territories (row_uuid, territory_code) VALUES ('\(uuid)', 'KE'), ('\(uuid)', 'ZA');
            INSERT INTO row_items (row_uuid, asset_uuid, position) VALUES \(items);
            """
    }

    /// SQL for `count` valid movies `movie-0001`...
    public static func moviesSQL(count: Int, prefix: String = "movie") -> String {
        (1...max(1, count)).prefix(count).map { movieSQL(String(format: "\(prefix)-%04d", $0)) }.joined(
            separator: "\n")
    }
}
