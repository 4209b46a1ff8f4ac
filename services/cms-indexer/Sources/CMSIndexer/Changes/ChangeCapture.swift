import ESModels
import Foundation

/// Change capture in the database itself: triggers on every CMS table record which documents a
/// write touched in the outbox table `cms_changes`, one row per document (`entity` is the index,
/// `key` the document id) holding the position of its latest change. The same design on SQLite
/// and PostgreSQL, created by migration 5; a later migration that adds tables adds their triggers
/// with them (``rowTables``, migration 6), so migration 5 stays the SQL databases ran.
///
/// Positions only grow, and they grow in commit order, so "every change after position P" is
/// a complete answer: SQLite has one writer at a time and `AUTOINCREMENT` never reuses a number;
/// on PostgreSQL the first CMS write of a transaction takes a transaction-level advisory lock
/// (before it locks any row, so writers cannot deadlock on it), so CMS writes commit one after
/// another and a position is never seen before a smaller one. A later change to a document moves
/// its row to a new position, so the outbox holds at most one row per document. On PostgreSQL
/// the triggers run once per statement (over its transition tables: a `COPY` of a million rows
/// records each document once) and `NOTIFY cms_changes` at commit wakes `cms-indexer watch`.
///
/// `TRUNCATE` is not captured: after one, rebuild with a full `cms-indexer index`.
public enum ChangeCapture {
    /// The outbox table.
    public static let table = "cms_changes"
    /// The channel PostgreSQL notifies at the commit of a CMS write.
    public static let channel = "cms_changes"
    /// The advisory lock (PostgreSQL) that puts CMS writes in commit order.
    static let lockKey: Int64 = 0x636D_735F_6368_67  // "cms_chg"

    /// Documents a change to a row touches: `key` (an expression over the changed row,
    /// written `$row.column`, and the tables `from` joins), for rows where `condition` holds.
    struct Target {
        var entity: IndexName
        var key: String
        var from: String? = nil
        var condition: String? = nil
    }

    /// The tables migration 5 captures (those of migrations 1 to 4) and the documents their rows
    /// feed. Never edited: a database at version 5 has run exactly these triggers.
    static let baseTables: [(table: String, targets: [Target])] = {
        let asset = Target(entity: .assetflat, key: "$row.asset_uuid")
        // A series' categories and ratings are folded into its episodes.
        let episodesOfSeries = Target(
            entity: .assetflat, key: "e.asset_uuid",
            from: "seasons s JOIN episodes e ON e.season_uuid = s.uuid",
            condition: "s.series_uuid = $row.asset_uuid")
        let assetOfWindow = Target(
            entity: .assetflat, key: "w.asset_uuid", from: "license_windows w",
            condition: "w.uuid = $row.license_window_uuid")
        return [
            ("territories", [Target(entity: .territories, key: "$row.code")]),
            ("languages", [Target(entity: .languages, key: "$row.code")]),
            ("categories", [Target(entity: .categories, key: "$row.uuid")]),
            ("category_titles", [Target(entity: .categories, key: "$row.category_uuid")]),
            ("ratings", [Target(entity: .ratings, key: "$row.uuid")]),
            (
                "rating_system_territories",
                [
                    Target(
                        entity: .ratings, key: "rt.uuid", from: "ratings rt",
                        condition: "rt.system = $row.system")
                ]
            ),
            ("assets", [Target(entity: .assetflat, key: "$row.uuid")]),
            ("asset_localizations", [asset]),
            (
                "seasons",
                [
                    Target(
                        entity: .assetflat, key: "e.asset_uuid", from: "episodes e",
                        condition: "e.season_uuid = $row.uuid")
                ]
            ),
            ("episodes", [asset]),
            ("asset_categories", [asset, episodesOfSeries]),
            ("asset_languages", [asset]),
            ("asset_ratings", [asset, episodesOfSeries]),
            ("license_windows", [asset]),
            ("license_window_countries", [assetOfWindow]),
            ("license_window_subscription_statuses", [assetOfWindow]),
            ("marketing_promos", [Target(entity: .marketingPromos, key: "$row.uuid")]),
            ("marketing_promo_territories", [Target(entity: .marketingPromos, key: "$row.promo_uuid")]),
            ("sports_events", [Target(entity: .sportsEvents, key: "$row.uuid")]),
            ("sports_event_teams", [Target(entity: .sportsEvents, key: "$row.event_uuid")]),
            ("sports_event_territories", [Target(entity: .sportsEvents, key: "$row.event_uuid")]),
        ]
    }()

    /// The home-screen rows' tables, captured by migration 6, which creates them. A curated row's
    /// item removed with its asset (`ON DELETE CASCADE`) names the row too: the cascade is a
    /// delete on `row_items`, which its triggers see.
    static let rowTables: [(table: String, targets: [Target])] = [
        ("rows", [Target(entity: .rows, key: "$row.uuid")]),
        ("row_titles", [Target(entity: .rows, key: "$row.row_uuid")]),
        ("row_platforms", [Target(entity: .rows, key: "$row.row_uuid")]),
        ("row_territories", [Target(entity: .rows, key: "$row.row_uuid")]),
        ("row_items", [Target(entity: .rows, key: "$row.row_uuid")]),
    ]

    /// The migration that creates the outbox and the triggers.
    static let migration = Migration(
        version: 5, name: "record changes in cms_changes", sqlite: sqlite, postgres: postgres)

    // MARK: - SQLite

    static var sqlite: String {
        """
        CREATE TABLE cms_changes (
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            entity TEXT NOT NULL,
            key TEXT NOT NULL,
            changed_at TEXT NOT NULL,
            UNIQUE (entity, key)
        );

        """ + sqliteTriggers(baseTables)
    }

    /// The SQLite triggers of `tables`: one per table and event, over each changed row.
    static func sqliteTriggers(_ tables: [(table: String, targets: [Target])]) -> String {
        var script = ""
        for (table, targets) in tables {
            for (event, rows) in [("INSERT", ["NEW"]), ("UPDATE", ["OLD", "NEW"]), ("DELETE", ["OLD"])] {
                script +=
                    "CREATE TRIGGER cms_changes_\(table)_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN\n"
                for row in rows {
                    for target in targets { script += sqliteStatements(target, row: row) }
                }
                script += "END;\n"
            }
        }
        return script
    }

    /// Moves each touched document to a new position: its row is deleted and inserted again
    /// (not `INSERT OR REPLACE`, which a statement's own `OR IGNORE` would override).
    private static func sqliteStatements(_ target: Target, row: String) -> String {
        let key = target.key.replacingOccurrences(of: "$row", with: row)
        var keys = "SELECT \(key) AS k"
        if let from = target.from { keys += " FROM \(from)" }
        if let condition = target.condition {
            keys += " WHERE " + condition.replacingOccurrences(of: "$row", with: row)
        }
        return """
                DELETE FROM cms_changes WHERE entity = '\(target.entity.rawValue)' AND key IN (\(keys));
                INSERT INTO cms_changes (entity, key, changed_at)
                    SELECT DISTINCT '\(target.entity.rawValue)', k, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                    FROM (\(keys)) WHERE k IS NOT NULL;

            """
    }

    // MARK: - PostgreSQL

    static var postgres: String {
        """
        CREATE SEQUENCE cms_changes_position;
        CREATE TABLE cms_changes (
            position bigint NOT NULL DEFAULT nextval('cms_changes_position') UNIQUE,
            entity text COLLATE "C" NOT NULL,
            key text COLLATE "C" NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            PRIMARY KEY (entity, key)
        );
        ALTER SEQUENCE cms_changes_position OWNED BY cms_changes.position;
        CREATE FUNCTION cms_changes_lock() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock(\(lockKey));
            RETURN NULL;
        END $$;

        """ + postgresTriggers(baseTables)
    }

    /// The PostgreSQL triggers of `tables`: per table, the lock taken before any write, then a
    /// statement trigger per event over its transition tables.
    static func postgresTriggers(_ tables: [(table: String, targets: [Target])]) -> String {
        var script = ""
        for (table, targets) in tables {
            script += """
                CREATE TRIGGER cms_changes_\(table)_lock BEFORE INSERT OR UPDATE OR DELETE ON \(table)
                    FOR EACH STATEMENT EXECUTE FUNCTION cms_changes_lock();

                """
            for (event, transitions) in [
                ("INSERT", ["new_rows"]), ("UPDATE", ["old_rows", "new_rows"]), ("DELETE", ["old_rows"]),
            ] {
                let name = "cms_changes_\(table)_\(event.lowercased())"
                let selects = transitions.flatMap { transition in
                    targets.map { postgresSelect($0, from: transition) }
                }
                script += """
                    CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        INSERT INTO cms_changes (entity, key)
                            SELECT DISTINCT entity, k FROM (\(selects.joined(separator: " UNION ALL "))) touched
                            WHERE k IS NOT NULL
                            ON CONFLICT (entity, key) DO UPDATE
                                SET position = nextval('cms_changes_position'), changed_at = clock_timestamp();
                        PERFORM pg_notify('\(channel)', '');
                        RETURN NULL;
                    END $$;
                    CREATE TRIGGER \(name) AFTER \(event) ON \(table)
                        REFERENCING \(transitions.map { "\($0 == "new_rows" ? "NEW" : "OLD") TABLE AS \($0)" }.joined(separator: " "))
                        FOR EACH STATEMENT EXECUTE FUNCTION \(name)();

                    """
            }
        }
        return script
    }

    private static func postgresSelect(_ target: Target, from transition: String) -> String {
        var select = "SELECT '\(target.entity.rawValue)'::text AS entity, "
        select += target.key.replacingOccurrences(of: "$row", with: "r") + " AS k FROM \(transition) r"
        if let from = target.from { select += ", \(from)" }
        if let condition = target.condition {
            select += " WHERE " + condition.replacingOccurrences(of: "$row", with: "r")
        }
        return select
    }
}
