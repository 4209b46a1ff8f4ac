import CLIKit
import ESModels
import Foundation

/// `--repo DIR` of the `mappings` commands.
private let repositoryOption = Option<String>(
    "--repo", value: "dir", help: "The repository root (default: found by walking up from here).")

/// `cms-indexer mappings export`: the canonical JSON of the index definitions on stdout.
struct MappingsExportCommand: Command {
    static let index = Option<IndexName>(
        "--index", value: "name", help: "Print only this index's definition (the file form of the copy).",
        expected: "one of " + CMSIndices.names.map { "'\($0)'" }.joined(separator: ", ")
    ) { IndexName(rawValue: $0) }
    static let configuration = CommandConfiguration(
        name: "export", abstract: "Prints the index definitions (settings and mappings) as canonical JSON.",
        discussion: "Without --index, prints one object keyed by index name.", arguments: [index])

    var index: IndexName?

    init(parsing arguments: ParsedArguments) throws {
        index = try arguments.value(Self.index)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        if let index {
            context.output.write(CMSIndices.definition(for: index).canonicalJSON)
            return .success
        }
        let all = JSONValue.object(
            Dictionary(uniqueKeysWithValues: CMSIndices.all.map { ($0.key.rawValue, $0.value.json) }))
        context.output.write(all.canonicalString)
        return .success
    }
}

/// `cms-indexer mappings sync`: rewrites the copy in integration-fixtures.
struct MappingsSyncCommand: Command {
    static let configuration = CommandConfiguration(
        name: "sync",
        abstract:
            "Writes the index definitions to packages/integration-fixtures/Mappings and removes stale files.",
        arguments: [repositoryOption])

    var repository: String?

    init(parsing arguments: ParsedArguments) throws {
        repository = try arguments.value(repositoryOption)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let root = try RepositoryRoot.resolve(
            explicit: repository, currentDirectory: context.currentDirectory)
        let report = try MappingCopy(repositoryRoot: root).sync()
        context.output.write(report.text)
        return .success
    }
}

/// `cms-indexer mappings check`: the CI gate comparing the copy with the definitions.
struct MappingsCheckCommand: Command {
    /// How the report is written.
    enum Format: String, CaseIterable, Sendable {
        case text, github
    }

    static let format = Option<Format>(
        "--format", value: "format",
        help: "'text' (default) or 'github' (workflow annotations, then the report).")
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Fails when the mapping copy in integration-fixtures differs from the index definitions.",
        discussion: """
            EXIT CODES: 0 the copy is in sync, 1 it differs (the report shows the structural diff,
            breaking and additive changes marked, and the command that fixes it), 2 a file could not
            be read or parsed (a failed comparison is never reported as clean), 64 bad usage.
            """,
        arguments: [repositoryOption, format])

    var repository: String?
    var format: Format

    init(parsing arguments: ParsedArguments) throws {
        repository = try arguments.value(repositoryOption)
        format = try arguments.value(Self.format, default: .text)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let root = try RepositoryRoot.resolve(
            explicit: repository, currentDirectory: context.currentDirectory)
        let result = MappingCopy(repositoryRoot: root).check()
        context.output.write(format == .github ? result.githubAnnotations : result.text)
        return ExitCode(rawValue: result.exitCode)
    }
}
