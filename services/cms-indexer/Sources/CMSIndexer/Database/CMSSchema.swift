/// The normalized CMS schema, as versioned migrations, for SQLite and for PostgreSQL.
///
/// SQLite: dates are ISO 8601 UTC text (`2024-03-01T10:00:00Z`), booleans 0 or 1. PostgreSQL:
/// the same tables and keys with `timestamptz` dates, `boolean`s and text compared byte by
/// byte (`COLLATE "C"`, as SQLite compares), so both give the same rows in the same order and
/// the same documents. SQLite's child tables are `WITHOUT ROWID`,
/// clustered by their primary key, so the rows of one asset sit together and a batch of assets
/// is read with few page visits. Values the indexer must understand
/// (asset types, license types, promo types, row kinds, platforms) are not constrained here: the CMS may learn a new
/// kind before the indexer does, and the indexer reports such rows by id instead of failing
/// the whole run. See README.md for the table diagram.
public enum CMSSchema {
    /// Every migration, oldest first.
    public static let migrations: [Migration] = [
        Migration(
            version: 1, name: "create reference data", sqlite: referenceData,
            postgres: PostgresSchema.referenceData),
        Migration(version: 2, name: "create assets", sqlite: assets, postgres: PostgresSchema.assets),
        Migration(
            version: 3, name: "create license windows", sqlite: licensing, postgres: PostgresSchema.licensing),
        Migration(
            version: 4, name: "create promos and sports events", sqlite: promotions,
            postgres: PostgresSchema.promotions),
        ChangeCapture.migration,
        Migration(
            version: 6, name: "create promoted rows",
            sqlite: promotedRows + ChangeCapture.sqliteTriggers(ChangeCapture.rowTables),
            postgres: PostgresSchema.promotedRows + ChangeCapture.postgresTriggers(ChangeCapture.rowTables)),
    ]

    /// The CMS tables, parents before the tables that reference them.
    public static let tables = [
        "territories", "languages", "categories", "category_titles", "ratings", "rating_system_territories",
        "assets", "asset_localizations", "seasons", "episodes", "asset_categories", "asset_languages",
        "asset_ratings", "license_windows", "license_window_countries",
        "license_window_subscription_statuses",
        "marketing_promos", "marketing_promo_territories", "sports_events", "sports_event_teams",
        "sports_event_territories",
        "rows", "row_titles", "row_platforms", "row_territories", "row_items",
    ]

    /// The latest schema version.
    public static var latestVersion: Int { migrations.count }

    static let referenceData = """
        CREATE TABLE territories (
            code TEXT NOT NULL PRIMARY KEY CHECK (length(code) = 2 AND code = upper(code)),
            name TEXT NOT NULL,
            is_main INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1))
        );
        CREATE TABLE languages (
            code TEXT NOT NULL PRIMARY KEY CHECK (code = lower(code)),
            name TEXT NOT NULL,
            is_main INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1))
        );
        CREATE TABLE categories (
            uuid TEXT NOT NULL PRIMARY KEY,
            slug TEXT NOT NULL UNIQUE,
            parent_uuid TEXT REFERENCES categories (uuid)
        );
        CREATE TABLE category_titles (
            category_uuid TEXT NOT NULL REFERENCES categories (uuid) ON DELETE CASCADE,
            language_code TEXT NOT NULL REFERENCES languages (code),
            title TEXT NOT NULL,
            PRIMARY KEY (category_uuid, language_code)
        ) WITHOUT ROWID;
        CREATE TABLE ratings (
            uuid TEXT NOT NULL PRIMARY KEY,
            system TEXT NOT NULL,
            code TEXT NOT NULL,
            minimum_age INTEGER NOT NULL CHECK (minimum_age >= 0),
            is_main INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1)),
            UNIQUE (system, code)
        );
        CREATE TABLE rating_system_territories (
            system TEXT NOT NULL,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            PRIMARY KEY (system, territory_code)
        ) WITHOUT ROWID;
        """

    static let assets = """
        CREATE TABLE assets (
            uuid TEXT NOT NULL PRIMARY KEY,
            type TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE asset_localizations (
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            language_code TEXT NOT NULL REFERENCES languages (code),
            title TEXT NOT NULL,
            description TEXT,
            PRIMARY KEY (asset_uuid, language_code)
        ) WITHOUT ROWID;
        CREATE TABLE seasons (
            uuid TEXT NOT NULL PRIMARY KEY,
            series_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            UNIQUE (series_uuid, number)
        );
        CREATE TABLE episodes (
            asset_uuid TEXT NOT NULL PRIMARY KEY REFERENCES assets (uuid) ON DELETE CASCADE,
            season_uuid TEXT NOT NULL REFERENCES seasons (uuid) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            UNIQUE (season_uuid, number)
        ) WITHOUT ROWID;
        CREATE INDEX episodes_by_season ON episodes (season_uuid);
        CREATE TABLE asset_categories (
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            category_uuid TEXT NOT NULL REFERENCES categories (uuid),
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (asset_uuid, category_uuid)
        ) WITHOUT ROWID;
        CREATE TABLE asset_languages (
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            language_code TEXT NOT NULL REFERENCES languages (code),
            kind TEXT NOT NULL CHECK (kind IN ('audio', 'subtitles')),
            PRIMARY KEY (asset_uuid, kind, language_code)
        ) WITHOUT ROWID;
        CREATE TABLE asset_ratings (
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            rating_uuid TEXT NOT NULL REFERENCES ratings (uuid),
            PRIMARY KEY (asset_uuid, territory_code)
        ) WITHOUT ROWID;
        """

    static let licensing = """
        CREATE TABLE license_windows (
            uuid TEXT NOT NULL PRIMARY KEY,
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            starts_at TEXT NOT NULL,
            ends_at TEXT NOT NULL,
            license_type TEXT NOT NULL,
            is_downloadable INTEGER NOT NULL DEFAULT 0 CHECK (is_downloadable IN (0, 1))
        );
        CREATE INDEX license_windows_by_asset
            ON license_windows (asset_uuid, starts_at, uuid, ends_at, license_type, is_downloadable);
        CREATE TABLE license_window_countries (
            license_window_uuid TEXT NOT NULL REFERENCES license_windows (uuid) ON DELETE CASCADE,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            PRIMARY KEY (license_window_uuid, territory_code)
        ) WITHOUT ROWID;
        CREATE TABLE license_window_subscription_statuses (
            license_window_uuid TEXT NOT NULL REFERENCES license_windows (uuid) ON DELETE CASCADE,
            status TEXT NOT NULL,
            PRIMARY KEY (license_window_uuid, status)
        ) WITHOUT ROWID;
        """

    static let promotions = """
        CREATE TABLE marketing_promos (
            uuid TEXT NOT NULL PRIMARY KEY,
            title TEXT NOT NULL,
            promo_type TEXT NOT NULL,
            starts_at TEXT NOT NULL,
            ends_at TEXT NOT NULL,
            priority INTEGER NOT NULL DEFAULT 0,
            asset_uuid TEXT REFERENCES assets (uuid) ON DELETE SET NULL
        );
        CREATE TABLE marketing_promo_territories (
            promo_uuid TEXT NOT NULL REFERENCES marketing_promos (uuid) ON DELETE CASCADE,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            PRIMARY KEY (promo_uuid, territory_code)
        ) WITHOUT ROWID;
        CREATE TABLE sports_events (
            uuid TEXT NOT NULL PRIMARY KEY,
            sport TEXT NOT NULL,
            competition TEXT NOT NULL,
            starts_at TEXT NOT NULL,
            ends_at TEXT NOT NULL,
            asset_uuid TEXT REFERENCES assets (uuid) ON DELETE SET NULL
        );
        CREATE INDEX sports_events_by_start ON sports_events (starts_at);
        CREATE TABLE sports_event_teams (
            event_uuid TEXT NOT NULL REFERENCES sports_events (uuid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            team TEXT NOT NULL,
            PRIMARY KEY (event_uuid, position)
        ) WITHOUT ROWID;
        CREATE TABLE sports_event_territories (
            event_uuid TEXT NOT NULL REFERENCES sports_events (uuid) ON DELETE CASCADE,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            PRIMARY KEY (event_uuid, territory_code)
        ) WITHOUT ROWID;
        """

    /// Home-screen rows (migration 6, with their change capture): a row's kind, schedule, API
    /// bounds, position and a query row's filter columns, its titles per language, platforms
    /// (none listed: every platform), territories and a curated row's assets by position.
    static let promotedRows = """
        CREATE TABLE rows (
            uuid TEXT NOT NULL PRIMARY KEY,
            slug TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            min_api_major INTEGER,
            max_api_major INTEGER,
            starts_at TEXT NOT NULL,
            ends_at TEXT,
            position INTEGER NOT NULL DEFAULT 0,
            query_type TEXT,
            query_category TEXT REFERENCES categories (uuid),
            query_language TEXT REFERENCES languages (code),
            query_sport TEXT,
            query_sort TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE row_titles (
            row_uuid TEXT NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            language_code TEXT NOT NULL REFERENCES languages (code),
            title TEXT NOT NULL,
            PRIMARY KEY (row_uuid, language_code)
        ) WITHOUT ROWID;
        CREATE TABLE row_platforms (
            row_uuid TEXT NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            platform TEXT NOT NULL,
            PRIMARY KEY (row_uuid, platform)
        ) WITHOUT ROWID;
        CREATE TABLE row_territories (
            row_uuid TEXT NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            territory_code TEXT NOT NULL REFERENCES territories (code),
            PRIMARY KEY (row_uuid, territory_code)
        ) WITHOUT ROWID;
        CREATE TABLE row_items (
            row_uuid TEXT NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            asset_uuid TEXT NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (row_uuid, asset_uuid)
        ) WITHOUT ROWID;
        CREATE INDEX row_items_by_asset ON row_items (asset_uuid);

        """
}
