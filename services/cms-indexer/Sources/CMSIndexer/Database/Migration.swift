/// One step of the CMS database schema: a version number, a name, and the SQL that applies it.
///
/// Versions start at 1 and have no gaps; a migration, once released, is never edited (add a
/// new one instead), because databases remember which versions they have applied.
public struct Migration: Sendable, Equatable {
    /// The schema version this migration brings the database to.
    public var version: Int
    /// A short name, recorded in `schema_migrations` (`create assets`).
    public var name: String
    /// The statements, separated by `;`.
    public var sql: String

    /// Creates a migration.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
