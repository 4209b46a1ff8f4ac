import ESModels
import SQLiteKit

/// Opens CMS databases: migrated for writing, or checked to be at the latest schema for reading.
public enum CMSDatabase {
    /// Opens (creating if needed) a database and applies pending migrations.
    ///
    /// - Returns: the connection, at ``CMSSchema/latestVersion``.
    public static func openForWriting(path: String, clock: WallClock) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
        return db
    }

    /// Opens an existing database read-only, checking that its schema is the latest.
    ///
    /// - Throws: ``SQLiteError/cannotOpen(path:message:)`` for a missing file,
    ///   ``MigrationError/databaseIsBehind(path:databaseVersion:knownVersion:)`` when it
    ///   needs `cms-indexer migrate`, ``MigrationError/databaseIsNewer(databaseVersion:knownVersion:)``.
    public static func openForReading(path: String) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        // A bounded 16 MiB page cache: batches revisit the upper levels of the same indices.
        try db.execute("PRAGMA cache_size = -16384")
        let migrator = try Migrator(migrations: CMSSchema.migrations)
        let version = try migrator.currentVersion(of: db)
        guard version == migrator.latestVersion else {
            throw MigrationError.databaseIsBehind(
                path: path, databaseVersion: version, knownVersion: migrator.latestVersion)
        }
        return db
    }
}
