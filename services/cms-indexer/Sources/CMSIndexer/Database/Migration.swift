/// One step of the CMS database schema: a version number, a name, and the SQL that applies it,
/// written for each database.
///
/// Versions start at 1 and have no gaps; a migration, once released, is never edited (add a
/// new one instead), because databases remember which versions they have applied. Both
/// databases get the same versions with the same names, so their histories compare.
public struct Migration: Sendable, Equatable {
    /// The schema version this migration brings the database to.
    public var version: Int
    /// A short name, recorded in `schema_migrations` (`create assets`).
    public var name: String
    /// The statements for SQLite, separated by `;`.
    public var sqlite: String
    /// The statements for PostgreSQL.
    public var postgres: String

    /// Creates a migration with SQL for each database.
    public init(version: Int, name: String, sqlite: String, postgres: String) {
        self.version = version
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// Creates a migration whose SQL both databases run as it is.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name, sqlite: sql, postgres: sql)
    }

    /// The statements for `dialect`.
    public func sql(for dialect: SQLDialect) -> String {
        dialect == .sqlite ? sqlite : postgres
    }
}
