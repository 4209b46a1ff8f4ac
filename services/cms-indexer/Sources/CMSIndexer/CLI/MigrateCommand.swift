import SQLiteKit

/// `cms-indexer migrate`: creates or upgrades a CMS database to the latest schema.
enum MigrateCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer migrate",
        abstract: "Creates a CMS database or applies its pending schema migrations.",
        usage: "--db PATH",
        options: [.value("--db", "PATH", "The SQLite database file (created when missing).")])

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        let path = context.resolve(try options.required("--db")).path
        let db = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        let migrator = try Migrator(migrations: CMSSchema.migrations, clock: context.clock)
        let applied = try migrator.migrate(db)
        if applied.isEmpty {
            context.output.write("\(path): schema already at version \(migrator.latestVersion)\n")
        } else {
            for version in applied {
                context.output.write(
                    "applied migration \(version): \(CMSSchema.migrations[version - 1].name)\n")
            }
            context.output.write("\(path): schema at version \(migrator.latestVersion)\n")
        }
        return 0
    }
}
