/// The PostgreSQL form of ``CMSSchema``'s migrations: the same tables, columns, keys and
/// indices, with `timestamptz` for dates, `boolean` for flags and `text COLLATE "C"` so text
/// sorts and compares as in SQLite (byte order), whatever the database's locale.
enum PostgresSchema {
    static let referenceData = """
        CREATE TABLE territories (
            code text COLLATE "C" NOT NULL PRIMARY KEY CHECK (length(code) = 2 AND code = upper(code)),
            name text COLLATE "C" NOT NULL,
            is_main boolean NOT NULL DEFAULT false
        );
        CREATE TABLE languages (
            code text COLLATE "C" NOT NULL PRIMARY KEY CHECK (code = lower(code)),
            name text COLLATE "C" NOT NULL,
            is_main boolean NOT NULL DEFAULT false
        );
        CREATE TABLE categories (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            slug text COLLATE "C" NOT NULL UNIQUE,
            parent_uuid text COLLATE "C" REFERENCES categories (uuid)
        );
        CREATE TABLE category_titles (
            category_uuid text COLLATE "C" NOT NULL REFERENCES categories (uuid) ON DELETE CASCADE,
            language_code text COLLATE "C" NOT NULL REFERENCES languages (code),
            title text COLLATE "C" NOT NULL,
            PRIMARY KEY (category_uuid, language_code)
        );
        CREATE TABLE ratings (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            system text COLLATE "C" NOT NULL,
            code text COLLATE "C" NOT NULL,
            minimum_age integer NOT NULL CHECK (minimum_age >= 0),
            is_main boolean NOT NULL DEFAULT false,
            UNIQUE (system, code)
        );
        CREATE TABLE rating_system_territories (
            system text COLLATE "C" NOT NULL,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            PRIMARY KEY (system, territory_code)
        );
        """

    static let assets = """
        CREATE TABLE assets (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            type text COLLATE "C" NOT NULL,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
        );
        CREATE TABLE asset_localizations (
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            language_code text COLLATE "C" NOT NULL REFERENCES languages (code),
            title text COLLATE "C" NOT NULL,
            description text COLLATE "C",
            PRIMARY KEY (asset_uuid, language_code)
        );
        CREATE TABLE seasons (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            series_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            number integer NOT NULL,
            UNIQUE (series_uuid, number)
        );
        CREATE TABLE episodes (
            asset_uuid text COLLATE "C" NOT NULL PRIMARY KEY REFERENCES assets (uuid) ON DELETE CASCADE,
            season_uuid text COLLATE "C" NOT NULL REFERENCES seasons (uuid) ON DELETE CASCADE,
            number integer NOT NULL,
            UNIQUE (season_uuid, number)
        );
        CREATE INDEX episodes_by_season ON episodes (season_uuid);
        CREATE TABLE asset_categories (
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            category_uuid text COLLATE "C" NOT NULL REFERENCES categories (uuid),
            position integer NOT NULL DEFAULT 0,
            PRIMARY KEY (asset_uuid, category_uuid)
        );
        CREATE TABLE asset_languages (
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            language_code text COLLATE "C" NOT NULL REFERENCES languages (code),
            kind text COLLATE "C" NOT NULL CHECK (kind IN ('audio', 'subtitles')),
            PRIMARY KEY (asset_uuid, kind, language_code)
        );
        CREATE TABLE asset_ratings (
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            rating_uuid text COLLATE "C" NOT NULL REFERENCES ratings (uuid),
            PRIMARY KEY (asset_uuid, territory_code)
        );
        """

    static let licensing = """
        CREATE TABLE license_windows (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            starts_at timestamptz NOT NULL,
            ends_at timestamptz NOT NULL,
            license_type text COLLATE "C" NOT NULL,
            is_downloadable boolean NOT NULL DEFAULT false
        );
        CREATE INDEX license_windows_by_asset
            ON license_windows (asset_uuid, starts_at, uuid, ends_at, license_type, is_downloadable);
        CREATE TABLE license_window_countries (
            license_window_uuid text COLLATE "C" NOT NULL REFERENCES license_windows (uuid) ON DELETE CASCADE,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            PRIMARY KEY (license_window_uuid, territory_code)
        );
        CREATE TABLE license_window_subscription_statuses (
            license_window_uuid text COLLATE "C" NOT NULL REFERENCES license_windows (uuid) ON DELETE CASCADE,
            status text COLLATE "C" NOT NULL,
            PRIMARY KEY (license_window_uuid, status)
        );
        """

    static let promotions = """
        CREATE TABLE marketing_promos (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            title text COLLATE "C" NOT NULL,
            promo_type text COLLATE "C" NOT NULL,
            starts_at timestamptz NOT NULL,
            ends_at timestamptz NOT NULL,
            priority integer NOT NULL DEFAULT 0,
            asset_uuid text COLLATE "C" REFERENCES assets (uuid) ON DELETE SET NULL
        );
        CREATE TABLE marketing_promo_territories (
            promo_uuid text COLLATE "C" NOT NULL REFERENCES marketing_promos (uuid) ON DELETE CASCADE,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            PRIMARY KEY (promo_uuid, territory_code)
        );
        CREATE TABLE sports_events (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            sport text COLLATE "C" NOT NULL,
            competition text COLLATE "C" NOT NULL,
            starts_at timestamptz NOT NULL,
            ends_at timestamptz NOT NULL,
            asset_uuid text COLLATE "C" REFERENCES assets (uuid) ON DELETE SET NULL
        );
        CREATE INDEX sports_events_by_start ON sports_events (starts_at);
        CREATE TABLE sports_event_teams (
            event_uuid text COLLATE "C" NOT NULL REFERENCES sports_events (uuid) ON DELETE CASCADE,
            position integer NOT NULL,
            team text COLLATE "C" NOT NULL,
            PRIMARY KEY (event_uuid, position)
        );
        CREATE TABLE sports_event_territories (
            event_uuid text COLLATE "C" NOT NULL REFERENCES sports_events (uuid) ON DELETE CASCADE,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            PRIMARY KEY (event_uuid, territory_code)
        );
        """

    static let promotedRows = """
        CREATE TABLE rows (
            uuid text COLLATE "C" NOT NULL PRIMARY KEY,
            slug text COLLATE "C" NOT NULL UNIQUE,
            kind text COLLATE "C" NOT NULL,
            min_api_major integer,
            max_api_major integer,
            starts_at timestamptz NOT NULL,
            ends_at timestamptz,
            position integer NOT NULL DEFAULT 0,
            query_type text COLLATE "C",
            query_category text COLLATE "C" REFERENCES categories (uuid),
            query_language text COLLATE "C" REFERENCES languages (code),
            query_sport text COLLATE "C",
            query_sort text COLLATE "C",
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
        );
        CREATE TABLE row_titles (
            row_uuid text COLLATE "C" NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            language_code text COLLATE "C" NOT NULL REFERENCES languages (code),
            title text COLLATE "C" NOT NULL,
            PRIMARY KEY (row_uuid, language_code)
        );
        CREATE TABLE row_platforms (
            row_uuid text COLLATE "C" NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            platform text COLLATE "C" NOT NULL,
            PRIMARY KEY (row_uuid, platform)
        );
        CREATE TABLE row_territories (
            row_uuid text COLLATE "C" NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            territory_code text COLLATE "C" NOT NULL REFERENCES territories (code),
            PRIMARY KEY (row_uuid, territory_code)
        );
        CREATE TABLE row_items (
            row_uuid text COLLATE "C" NOT NULL REFERENCES rows (uuid) ON DELETE CASCADE,
            asset_uuid text COLLATE "C" NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
            position integer NOT NULL DEFAULT 0,
            PRIMARY KEY (row_uuid, asset_uuid)
        );
        CREATE INDEX row_items_by_asset ON row_items (asset_uuid);

        """
}
