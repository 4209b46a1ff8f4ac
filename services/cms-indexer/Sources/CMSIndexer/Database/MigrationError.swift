/// A problem with the versioned schema of a CMS database.
public enum MigrationError: Error, CustomStringConvertible, Equatable {
    /// The migration list itself is malformed (versions not 1, 2, 3... in order).
    case invalidMigrationList(String)
    /// The database has a newer schema than this build knows.
    case databaseIsNewer(databaseVersion: Int, knownVersion: Int)
    /// The database recorded a migration under another name than this build's.
    case nameMismatch(version: Int, recorded: String, expected: String)
    /// The database is behind and cannot be migrated (opened read-only).
    case databaseIsBehind(path: String, databaseVersion: Int, knownVersion: Int)
    /// The database has tables but no `schema_migrations`: it is not a CMS database.
    case notACMSDatabase(location: String, tables: [String])
    /// Applying a migration failed; the database is left at the previous version.
    case migrationFailed(version: Int, name: String, reason: String)

    public var description: String {
        switch self {
        case .invalidMigrationList(let reason):
            return "the migration list is invalid: \(reason)"
        case .databaseIsNewer(let databaseVersion, let knownVersion):
            return
                "the database schema is at version \(databaseVersion) but this cms-indexer knows versions up to \(knownVersion); update cms-indexer"
        case .nameMismatch(let version, let recorded, let expected):
            return
                "migration \(version) is recorded as '\(recorded)' in the database but is '\(expected)' here; the database comes from another schema history"
        case .databaseIsBehind(let path, let databaseVersion, let knownVersion):
            return
                "the database '\(path)' has schema version \(databaseVersion), expected \(knownVersion); run 'cms-indexer migrate --db \(path)' first"
        case .notACMSDatabase(let location, let tables):
            let shown =
                tables.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
            return
                "the database \(location) has tables (\(shown)) but no 'schema_migrations': it is not a CMS database; point --db at an empty database or a CMS one"
        case .migrationFailed(let version, let name, let reason):
            return
                "migration \(version) ('\(name)') failed and was rolled back: \(reason)"
        }
    }
}
