import CLIKit
import CMSIndexer
import PostgresKit
import SQLiteKit

/// The `cms-indexer` command line: dispatches to a subcommand, prints help, and turns errors
/// into `cms-indexer: error: message` on stderr with exit code 64 (bad usage or input) or 1.
///
/// ```swift
/// let code = await CMSIndexerCLI.run(["mappings", "check"], context: .process())
/// ```
public enum CMSIndexerCLI {
    /// The command tree.
    public static let tool = CommandLineTool(
        CommandGroup<CommandContext>(
            name: "cms-indexer",
            abstract:
                "Reads the CMS database, denormalizes it and fills the search indices; owns the index mappings.",
            subcommands: [
                .command(DemoDatabaseCommand.self), .command(MigrateCommand.self),
                .command(IndexCommand.self), .command(WatchCommand.self),
                .group(
                    CommandGroup(
                        name: "mappings",
                        abstract:
                            "Exports the index definitions, syncs and checks their copy in integration-fixtures, checks and updates a live cluster.",
                        subcommands: [
                            .command(MappingsExportCommand.self), .command(MappingsSyncCommand.self),
                            .command(MappingsCheckCommand.self), .command(MappingsApplyCommand.self),
                        ])),
            ]),
        exitCode: exitCode(for:))

    /// Runs a command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        await tool.run(arguments, context: context)
    }

    /// 64 for bad input from other modules (a missing database file, a bad PostgreSQL URL or
    /// credentials, a database that is not a CMS one, no repository), else the error's own
    /// (1 for a server that cannot be reached or a statement that failed).
    @Sendable static func exitCode(for error: any Error) -> ExitCode? {
        switch error {
        case SQLiteError.cannotOpen: .usage
        case PostgresError.invalidConnectionString, PostgresError.connectionRejected: .usage
        case MigrationError.notACMSDatabase: .usage
        case is StoreLeaseError, is IncrementalError: .failure
        case MappingCopyError.repositoryNotFound, MappingCopyError.notARepository: .usage
        default: nil
        }
    }
}
