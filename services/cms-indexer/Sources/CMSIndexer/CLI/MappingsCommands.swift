import ESModels
import Foundation

/// `cms-indexer mappings export`: the canonical JSON of the index definitions on stdout.
enum MappingsExportCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer mappings export",
        abstract: "Prints the index definitions (settings and mappings) as canonical JSON.",
        usage: "[--index NAME]",
        options: [
            .value("--index", "NAME", "Print only this index's definition (the file form of the copy).")
        ],
        discussion: "Without --index, prints one object keyed by index name.")

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        if let name = options.value("--index") {
            guard let index = IndexName(rawValue: name) else {
                throw UsageError.invalidValue(
                    option: "--index", value: name,
                    expected: "one of " + CMSIndices.names.map { "'\($0)'" }.joined(separator: ", "))
            }
            context.output.write(CMSIndices.definition(for: index).canonicalJSON)
            return 0
        }
        let all = JSONValue.object(
            Dictionary(uniqueKeysWithValues: CMSIndices.all.map { ($0.key.rawValue, $0.value.json) }))
        context.output.write(all.canonicalString)
        return 0
    }
}

/// `cms-indexer mappings sync`: rewrites the copy in integration-fixtures.
enum MappingsSyncCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer mappings sync",
        abstract:
            "Writes the index definitions to packages/integration-fixtures/Mappings and removes stale files.",
        usage: "[--repo DIR]",
        options: [
            .value("--repo", "DIR", "The repository root (default: found by walking up from here).")
        ])

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        let root = try RepositoryRoot.resolve(
            explicit: options.value("--repo"), currentDirectory: context.currentDirectory)
        let report = try MappingCopy(repositoryRoot: root).sync()
        context.output.write(report.text)
        return 0
    }
}

/// `cms-indexer mappings check`: the CI gate comparing the copy with the definitions.
enum MappingsCheckCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer mappings check",
        abstract: "Fails when the mapping copy in integration-fixtures differs from the index definitions.",
        usage: "[--repo DIR] [--format text|github]",
        options: [
            .value("--repo", "DIR", "The repository root (default: found by walking up from here)."),
            .value(
                "--format", "FORMAT", "'text' (default) or 'github' (workflow annotations, then the report)."),
        ],
        discussion: """
            EXIT CODES: 0 the copy is in sync, 1 it differs (the report shows the structural diff,
            breaking and additive changes marked, and the command that fixes it), 2 a file could not
            be read or parsed (a failed comparison is never reported as clean), 64 bad usage.
            """)

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        let format = options.value("--format") ?? "text"
        guard ["text", "github"].contains(format) else {
            throw UsageError.invalidValue(option: "--format", value: format, expected: "'text' or 'github'")
        }
        let root = try RepositoryRoot.resolve(
            explicit: options.value("--repo"), currentDirectory: context.currentDirectory)
        let result = MappingCopy(repositoryRoot: root).check()
        context.output.write(format == "github" ? result.githubAnnotations : result.text)
        return result.exitCode
    }
}
