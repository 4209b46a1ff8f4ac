import ESModels

/// Brings a database to the latest schema by applying, in order and each in its own
/// transaction, the migrations it has not applied yet; records them in `schema_migrations`.
///
/// ```swift
/// let migrator = try Migrator(migrations: CMSSchema.migrations)
/// let applied = try migrator.migrate(db, clock: .system)   // [1, 2, 3, 4] on a new file, [] afterwards
/// ```
public struct Migrator: Sendable {
    /// The known migrations, versions 1...n in order.
    public let migrations: [Migration]

    /// The latest version.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Creates a migrator.
    ///
    /// - Throws: ``MigrationError/invalidMigrationList(_:)`` unless versions are 1, 2, 3... in order.
    public init(migrations: [Migration]) throws {
        for (offset, migration) in migrations.enumerated() where migration.version != offset + 1 {
            throw MigrationError.invalidMigrationList(
                "migration '\(migration.name)' has version \(migration.version), expected \(offset + 1)")
        }
        self.migrations = migrations
    }

    /// The versions a database has applied, with their recorded names, in order (empty for a
    /// new database).
    public func appliedMigrations(in db: any CMSConnection) throws -> [(version: Int, name: String)] {
        guard try db.tableExists("schema_migrations") else { return [] }
        return try db.query("SELECT version, name FROM schema_migrations ORDER BY version") { row in
            (try row.int(0), try row.string(1))
        }
    }

    /// The database's schema version (0 for a new database), after checking that its history
    /// agrees with the known migrations.
    ///
    /// - Throws: ``MigrationError/databaseIsNewer(databaseVersion:knownVersion:)`` or
    ///   ``MigrationError/nameMismatch(version:recorded:expected:)``.
    public func currentVersion(of db: any CMSConnection) throws -> Int {
        let applied = try appliedMigrations(in: db)
        for (version, name) in applied {
            guard version <= migrations.count else {
                throw MigrationError.databaseIsNewer(
                    databaseVersion: applied.last?.version ?? version, knownVersion: latestVersion)
            }
            let expected = migrations[version - 1].name
            guard name == expected else {
                throw MigrationError.nameMismatch(version: version, recorded: name, expected: expected)
            }
        }
        return applied.last?.version ?? 0
    }

    /// Applies every pending migration, recording `applied_at` from `clock`.
    ///
    /// A database that has tables but no `schema_migrations` is not a CMS database (or one made
    /// by hand) and is left alone. On PostgreSQL a session lock keeps two `migrate` runs from
    /// interleaving.
    ///
    /// - Returns: the versions applied by this call, in order.
    /// - Throws: ``MigrationError/notACMSDatabase(location:tables:)``,
    ///   ``MigrationError/migrationFailed(version:name:reason:)`` when one fails; the versions
    ///   before it stay applied.
    @discardableResult
    public func migrate(_ db: any CMSConnection, clock: WallClock) throws -> [Int] {
        if db.dialect == .postgres { try db.execute("SELECT pg_advisory_lock(\(Self.lockKey))") }
        defer { if db.dialect == .postgres { try? db.execute("SELECT pg_advisory_unlock(\(Self.lockKey))") } }
        let tables = try db.tableNames()
        if !tables.contains("schema_migrations"), !tables.isEmpty {
            throw MigrationError.notACMSDatabase(location: db.location, tables: tables)
        }
        try db.execute(
            db.dialect == .sqlite
                ? """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at TEXT NOT NULL
                )
                """
                : """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY,
                    name text COLLATE "C" NOT NULL,
                    applied_at timestamptz NOT NULL
                )
                """)
        let current = try currentVersion(of: db)
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            do {
                try db.transaction {
                    try db.execute(migration.sql(for: db.dialect))
                    try db.run(
                        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
                        [
                            .integer(Int64(migration.version)), .text(migration.name),
                            .text(ISODate.string(from: clock.now())),
                        ])
                }
            } catch {
                throw MigrationError.migrationFailed(
                    version: migration.version, name: migration.name, reason: "\(error)")
            }
            applied.append(migration.version)
        }
        return applied
    }

    /// The advisory lock `migrate` holds on PostgreSQL.
    static let lockKey: Int64 = 0x636D_735F_6D69_67  // "cms_mig"
}
