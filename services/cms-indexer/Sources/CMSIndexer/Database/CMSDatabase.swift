import ESModels
import PostgresKit
import SQLiteKit

/// Opens CMS databases: migrated for writing, or checked to be at the latest schema for reading.
///
/// ```swift
/// let reader = try CMSDatabase.openForReading(.postgres(PostgresConfiguration(url, environment: environment)))
/// let writer = try CMSDatabase.openForWriting(.sqlite(path: "cms.sqlite"), clock: .system)
/// ```
public enum CMSDatabase {
    /// Opens (creating a SQLite file if needed) a database and applies pending migrations.
    ///
    /// - Returns: the connection, at ``CMSSchema/latestVersion``.
    public static func openForWriting(_ location: CMSDatabaseLocation, clock: WallClock) throws
        -> any CMSConnection
    {
        let db = try open(location, readOnly: false)
        try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: clock)
        return db
    }

    /// Opens an existing database read-only, checking that its schema is the latest.
    ///
    /// - Throws: ``SQLiteError/cannotOpen(path:message:)`` for a missing file, PostgreSQL's
    ///   connection errors, ``MigrationError/databaseIsBehind(path:databaseVersion:knownVersion:)``
    ///   when it needs `cms-indexer migrate`, ``MigrationError/databaseIsNewer(databaseVersion:knownVersion:)``.
    public static func openForReading(_ location: CMSDatabaseLocation) throws -> any CMSConnection {
        let db = try open(location, readOnly: true)
        let migrator = try Migrator(migrations: CMSSchema.migrations)
        let version = try migrator.currentVersion(of: db)
        guard version == migrator.latestVersion else {
            throw MigrationError.databaseIsBehind(
                path: location.description, databaseVersion: version, knownVersion: migrator.latestVersion)
        }
        return db
    }

    /// Opens a connection without looking at the schema (the `migrate` command's).
    ///
    /// A read-only PostgreSQL session refuses writes (`default_transaction_read_only`), as a
    /// read-only SQLite file does.
    public static func open(_ location: CMSDatabaseLocation, readOnly: Bool) throws -> any CMSConnection {
        switch location {
        case .sqlite(let path):
            let db = try SQLiteDatabase(path: path, mode: readOnly ? .readOnly : .readWriteCreate)
            // A bounded 16 MiB page cache: batches revisit the upper levels of the same indices.
            if readOnly { try db.execute("PRAGMA cache_size = -16384") }
            return SQLiteCMSConnection(db)
        case .postgres(let configuration):
            let connection = try LibPQConnection(configuration: configuration)
            if readOnly { try connection.execute("SET default_transaction_read_only = on") }
            return PostgresCMSConnection(connection)
        }
    }

    /// ``openForWriting(_:clock:)`` for a SQLite file.
    public static func openForWriting(path: String, clock: WallClock) throws -> any CMSConnection {
        try openForWriting(.sqlite(path: path), clock: clock)
    }

    /// ``openForReading(_:)`` for a SQLite file.
    public static func openForReading(path: String) throws -> any CMSConnection {
        try openForReading(.sqlite(path: path))
    }
}
