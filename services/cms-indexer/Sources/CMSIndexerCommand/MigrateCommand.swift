import CLIKit
import CMSIndexer

/// `cms-indexer migrate`: creates or upgrades a CMS database to the latest schema.
struct MigrateCommand: Command {
    static let configuration = CommandConfiguration(
        name: "migrate", abstract: "Creates a CMS database or applies its pending schema migrations.",
        discussion: """
            SQLite and PostgreSQL get the same versioned migrations. A database with tables but no
            schema_migrations, or with another schema history, is refused and left alone.
            """)

    var db = DatabaseOption(
        help: "The CMS database: \(DatabaseOption.forms); a SQLite file is created when missing.")

    func validate() throws {
        try db.validate()
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let location = context.databaseLocation(db.database)
        let db = try CMSDatabase.open(location, readOnly: false)
        let migrator = try Migrator(migrations: CMSSchema.migrations)
        let applied = try migrator.migrate(db, clock: context.clock)
        if applied.isEmpty {
            context.output.write("\(location): schema already at version \(migrator.latestVersion)\n")
        } else {
            for version in applied {
                context.output.write(
                    "applied migration \(version): \(CMSSchema.migrations[version - 1].name)\n")
            }
            context.output.write("\(location): schema at version \(migrator.latestVersion)\n")
        }
        return .success
    }
}
