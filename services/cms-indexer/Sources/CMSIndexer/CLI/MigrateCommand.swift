import CLIKit
import SQLiteKit

/// `cms-indexer migrate`: creates or upgrades a CMS database to the latest schema.
struct MigrateCommand: Command {
    static let db = Option<String>(
        "--db", value: "path", help: "The SQLite database file (created when missing).")
    static let configuration = CommandConfiguration(
        name: "migrate", abstract: "Creates a CMS database or applies its pending schema migrations.",
        arguments: [db])

    var path: String

    init(parsing arguments: ParsedArguments) throws {
        path = try arguments.required(Self.db)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let path = context.resolve(path).path
        let db = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        let migrator = try Migrator(migrations: CMSSchema.migrations)
        let applied = try migrator.migrate(db, clock: context.clock)
        if applied.isEmpty {
            context.output.write("\(path): schema already at version \(migrator.latestVersion)\n")
        } else {
            for version in applied {
                context.output.write(
                    "applied migration \(version): \(CMSSchema.migrations[version - 1].name)\n")
            }
            context.output.write("\(path): schema at version \(migrator.latestVersion)\n")
        }
        return .success
    }
}
