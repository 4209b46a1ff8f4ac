import CLIKit
import CMSIndexer
import ESModels
import Foundation

/// `--repo DIR` of the `mappings` commands.
struct RepositoryOption: ArgumentGroup {
    @Option("--repo", value: "dir", help: "The repository root (default: found by walking up from here).")
    var repository: String?
}

/// `cms-indexer mappings export`: the canonical JSON of the index definitions on stdout.
struct MappingsExportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "export", abstract: "Prints the index definitions (settings and mappings) as canonical JSON.",
        discussion: "Without --index, prints one object keyed by index name.")

    @Option(
        value: "name", help: "Print only this index's definition (the file form of the copy).",
        expected: "one of " + CMSIndices.names.map { "'\($0)'" }.joined(separator: ", "),
        convert: { IndexName(rawValue: $0) })
    var index: IndexName?

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
            "Writes the index definitions to packages/integration-fixtures/Mappings and removes stale files.")

    var repo = RepositoryOption()

    func run(in context: CommandContext) async throws -> ExitCode {
        let root = try RepositoryRoot.resolve(
            explicit: repo.repository, currentDirectory: context.currentDirectory)
        let report = try MappingCopy(repositoryRoot: root).sync()
        context.output.write(report.text)
        return .success
    }
}

/// `cms-indexer mappings check`: the CI gate comparing the copy with the definitions, or, with
/// `--es`/`--data`, a live cluster's indices with them.
struct MappingsCheckCommand: Command {
    /// How the report is written.
    enum Format: String, CaseIterable, Sendable, ExpressibleByArgument {
        case text, github
    }

    static let configuration = CommandConfiguration(
        name: "check",
        abstract:
            "Fails when the mapping copy in integration-fixtures, or a live cluster's indices (--es, --data), differ from the index definitions.",
        discussion: """
            Without --es or --data, compares the copy in packages/integration-fixtures/Mappings
            with the definitions. With --es URL (or --data DIR for the embedded engine), reads
            the mapping and settings of the index each alias points to and compares them with the
            definition, both ways: what the definition has that the live index lacks (additive:
            'mappings apply' adds it in place) and what the live index has that the definition
            does not (a field a document added by dynamic mapping is named so). It only reads.
            EXIT CODES: 0 in sync, 1 they differ (the report shows the structural diff, breaking
            and additive changes marked, and the command that fixes it), 2 a file or the cluster
            could not be read (a failed comparison is never reported as clean), 64 bad usage.
            """)

    var repo = RepositoryOption()
    var backend = BackendChoice()
    @Option(help: "'text' or 'github' (workflow annotations, then the report).") var format = Format.text

    func validate() throws {
        try backend.validate()
        if repo.repository != nil, backend.isGiven {
            throw UsageError.conflictingOptions("--repo", backend.es != nil ? "--es" : "--data")
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        guard backend.isGiven else {
            let root = try RepositoryRoot.resolve(
                explicit: repo.repository, currentDirectory: context.currentDirectory)
            let result = MappingCopy(repositoryRoot: root).check()
            context.output.write(format == .github ? result.githubAnnotations : result.text)
            return ExitCode(rawValue: result.exitCode)
        }
        guard let store = try LiveStore.open(backend, context: context) else {
            return ExitCode(rawValue: 2)
        }
        let report = await LiveMappingCheck(backend: store.backend).run()
        try? store.close()
        let name = backend.name
        context.output.write(
            format == .github ? report.githubAnnotations(store: name) : report.text(store: name))
        return ExitCode(rawValue: report.exitCode)
    }
}

/// `cms-indexer mappings apply`: brings live indices to the definitions in place, when every
/// difference is additive.
struct MappingsApplyCommand: Command {
    static let configuration = CommandConfiguration(
        name: "apply",
        abstract:
            "Applies additive definition changes (new fields, sub-fields, updatable parameters) to the live indices in place.",
        discussion: """
            Compares the cluster (--es URL, or --data DIR for the embedded engine) as 'mappings check'
            does. When every difference is one Elasticsearch accepts on a live index, sends a
            put-mapping with the definition (which records its version in the mapping's _meta)
            and a settings update for dynamic settings, then checks again. When any difference is
            breaking, or an alias points to no index, it changes nothing and names the fields that
            need a full 'cms-indexer index' run. Aliases never move. Documents indexed before the
            change hold no values for the new fields until they are written again
            ('cms-indexer index --if-needed' does both).
            EXIT CODES: 0 in sync (applied, or nothing to apply; with --dry-run, the requests were
            printed), 1 refused (breaking changes) or still differs, 2 the cluster could not be
            read or refused a request, 64 bad usage.
            """)

    var backend = BackendChoice()
    @Flag("--dry-run", help: "Print the requests it would send, and send none.") var isDryRun: Bool
    var leaseOption = LeaseOption()

    func validate() throws {
        try backend.validate()
        guard backend.isGiven else {
            throw UsageError.missingOneOf(
                ["--es", "--data"], command: "cms-indexer mappings apply", otherwise: nil)
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        guard let store = try LiveStore.open(backend, context: context) else {
            return ExitCode(rawValue: 2)
        }
        defer { try? store.close() }
        let name = backend.name
        let before = await LiveMappingCheck(backend: store.backend).run()
        guard before.failed.isEmpty else {
            context.output.write(before.text(store: name))
            return ExitCode(rawValue: 2)
        }
        guard !before.drifted.isEmpty else {
            context.output.write(before.text(store: name))
            return .success
        }
        let requests: [LiveMappingApply.Request]
        do {
            requests = try LiveMappingApply.plan(for: before)
        } catch {
            context.output.write(before.text(store: name))
            context.errors.write("cms-indexer: error: \(error)\n")
            return .failure
        }
        if isDryRun {
            for request in requests {
                context.output.write("\(request.text)\n")
            }
            context.note(
                "dry run: \(requests.count) \(requests.count == 1 ? "request" : "requests") printed, none sent"
            )
            return .success
        }
        do {
            try await context.withLease(store.backend, wait: leaseOption.wait) { _ in
                try await LiveMappingApply.send(requests, to: store.backend)
            }
        } catch let error as StoreLeaseError {
            throw error
        } catch {
            context.errors.write(
                "cms-indexer: error: the cluster refused the change: \(LiveMappingCheck.describe(error))\n")
            return ExitCode(rawValue: 2)
        }
        for request in requests {
            let changes = request.changes.count
            context.output.write(
                "applied to '\(request.concrete)': \(changes) \(changes == 1 ? "change" : "changes")\n")
            for change in request.changes {
                context.output.write("  \(change.description)\n")
            }
        }
        let after = await LiveMappingCheck(backend: store.backend).run()
        context.output.write(after.text(store: name))
        return ExitCode(rawValue: after.exitCode)
    }
}

/// Opens the store a live-mapping command reads, or says why it cannot (then `nil`: exit 2).
enum LiveStore {
    static func open(_ choice: BackendChoice, context: CommandContext) throws -> SearchStore? {
        do {
            return try choice.open(context: context, creatingDataDirectory: false)
        } catch let error as UsageError {
            throw error
        } catch {
            context.errors.write(
                "cms-indexer: error: cannot open the store: \(error) (a data directory another process serves is read through --es URL)\n"
            )
            return nil
        }
    }
}
