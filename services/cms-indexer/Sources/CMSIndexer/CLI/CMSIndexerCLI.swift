import SQLiteKit

/// The `cms-indexer` command line: dispatches to a subcommand, prints help, and turns errors
/// into `cms-indexer: error: message` on stderr with exit code 64 (bad usage or input) or 1.
///
/// ```swift
/// let code = await CMSIndexerCLI.run(["mappings", "check"], context: .process())
/// ```
public enum CMSIndexerCLI {
    /// The top-level commands.
    static var commands: [(name: String, command: any CLICommand.Type)] {
        [
            ("demo-db", DemoDatabaseCommand.self),
            ("migrate", MigrateCommand.self),
            ("index", IndexCommand.self),
        ]
    }

    /// The `mappings` subcommands.
    static var mappingCommands: [(name: String, command: any CLICommand.Type)] {
        [
            ("export", MappingsExportCommand.self),
            ("sync", MappingsSyncCommand.self),
            ("check", MappingsCheckCommand.self),
        ]
    }

    static var rootSpec: CommandSpec {
        CommandSpec(
            name: "cms-indexer",
            abstract:
                "Reads the CMS database, denormalizes it and fills the search indices; owns the index mappings.",
            usage: "<subcommand> [options]", options: [],
            subcommands: commands.map { ($0.name, $0.command.spec.abstract) } + [
                ("mappings", mappingsSpec.abstract)
            ],
            discussion: "See 'cms-indexer <subcommand> --help' for the options of each.")
    }

    static var mappingsSpec: CommandSpec {
        CommandSpec(
            name: "cms-indexer mappings",
            abstract:
                "Exports the index definitions, or syncs and checks their copy in integration-fixtures.",
            usage: "<export|sync|check> [options]", options: [],
            subcommands: mappingCommands.map { ($0.name, $0.command.spec.abstract) })
    }

    /// Runs a command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        do {
            return try await dispatch(arguments, context: context)
        } catch {
            context.errors.write("cms-indexer: error: \(error)\n")
            return exitCode(for: error)
        }
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) async throws -> Int32 {
        var words = arguments
        guard let first = words.first, !["-h", "--help", "help"].contains(first) else {
            context.output.write(rootSpec.help)
            return arguments.isEmpty ? 64 : 0
        }
        words.removeFirst()
        if first == "mappings" {
            guard let sub = words.first, !sub.hasPrefix("-") else {
                if ArgumentParser.asksForHelp(words) {
                    context.output.write(mappingsSpec.help)
                    return 0
                }
                throw UsageError.missingSubcommand(command: mappingsSpec.name)
            }
            words.removeFirst()
            guard let command = mappingCommands.first(where: { $0.name == sub })?.command else {
                throw UsageError.unknownSubcommand(
                    sub, command: mappingsSpec.name,
                    suggestion: NearMatch.closest(to: sub, among: mappingCommands.map(\.name)))
            }
            return try await run(command, words, context: context)
        }
        guard let command = commands.first(where: { $0.name == first })?.command else {
            throw UsageError.unknownSubcommand(
                first, command: rootSpec.name,
                suggestion: NearMatch.closest(to: first, among: commands.map(\.name) + ["mappings"]))
        }
        return try await run(command, words, context: context)
    }

    private static func run(
        _ command: any CLICommand.Type, _ words: [String], context: CommandContext
    ) async throws -> Int32 {
        if ArgumentParser.asksForHelp(words) {
            context.output.write(command.spec.help)
            return 0
        }
        let options = try ArgumentParser.parse(words, spec: command.spec)
        return try await command.run(options, context: context)
    }

    /// 64 for bad usage or input (a missing database file, an unknown option), 1 otherwise.
    static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case is UsageError: return 64
        case SQLiteError.cannotOpen: return 64
        case MappingCopyError.repositoryNotFound, MappingCopyError.notARepository: return 64
        default: return 1
        }
    }
}
