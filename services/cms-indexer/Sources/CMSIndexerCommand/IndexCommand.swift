import CLIKit
import CMSIndexer
import ESEmbedded
import ESModels
import Foundation

/// `cms-indexer index`: fills the search indices from the CMS database.
struct IndexCommand: Command {
    static let db = DatabaseOption.option(help: "The CMS database: \(DatabaseOption.forms).")
    static let only = Option<String>(
        "--only", value: "list", help: "Comma-separated indices to build (default: all).")
    static let batchSize = Option<Int>(
        "--batch-size", value: "n", in: 1...100_000, help: "Documents per bulk request (default 500).")
    static let retain = Option<Int>(
        "--retain", value: "n", in: 1...1_000,
        help: "Complete versions kept per alias, the live one included (default 2).")
    static let progressEvery = Option<Int>(
        "--progress-every", value: "n", in: 1...Int.max,
        help: "Without a terminal, a progress line every N documents (default 10000).")
    static let stats = Flag("--stats", help: "Print rows/s and docs/s at the end.")
    static let incremental = Flag(
        "--incremental",
        help: "Apply only the changes recorded since the live indices' position (no new indices, no switch).")
    static let ifNeeded = Flag(
        "--if-needed",
        help:
            "Compare the live indices with the definitions first: rebuild only those with a breaking change or no index, apply additive changes in place."
    )
    static let configuration = CommandConfiguration(
        name: "index",
        abstract:
            "Denormalizes the CMS database into new versioned indices and moves the aliases when all are complete.",
        discussion: """
            Without --es or --data, the documents go to the cluster named by ELASTICSEARCH_URL when it
            is set, otherwise into an in-memory embedded engine that is gone when the command ends: a
            dry run that still checks every document against the mappings.
            A run that fails (a bad row, a store error, an interruption) deletes what it built and
            leaves the aliases on the previous complete indices. A full run records the change
            position it started from and applies the changes made while it read before it moves
            the aliases. With --incremental it re-denormalizes only the documents changed since
            the position the live indices record, writes them to the live indices and records the
            new position once the store acknowledged them (a crash replays, never loses).
            With --if-needed it first compares each live index with its definition (as 'mappings
            check' does): an index in sync is left as it is, one whose differences are all
            additive takes them in place ('mappings apply') and then has the documents that carry
            values for the new fields written again, and only an index with a breaking change or
            no index is rebuilt by a full run; it says which path each index took.
            One indexer writes to a store at a time: another one holding the store's lease makes
            this one wait (--wait) or exit 1 with who holds it.
            Exit codes: 0 indexed (and switched), 1 failed (nothing switched; with --incremental,
            documents that failed keep their previous version), 64 bad usage or input.
            """,
        arguments: [
            db, BackendChoice.es, BackendChoice.data, only, batchSize, retain, progressEvery, stats,
            incremental, ifNeeded,
            LeaseOption.wait,
        ])

    var database: String
    var es: String?
    var data: String?
    var indices: [IndexName]
    var batchSize: Int
    var retain: Int
    var progressEvery: Int
    var printStatistics: Bool
    var isIncremental: Bool
    var isIfNeeded: Bool
    var wait: Int

    init(parsing arguments: ParsedArguments) throws {
        database = try arguments.required(Self.db)
        es = try arguments.value(BackendChoice.es)
        data = try arguments.value(BackendChoice.data)
        indices = try Self.parseIndices(arguments.value(Self.only))
        batchSize = try arguments.value(Self.batchSize, default: 500)
        retain = try arguments.value(Self.retain, default: 2)
        progressEvery = try arguments.value(Self.progressEvery, default: 10_000)
        printStatistics = arguments.contains(Self.stats)
        isIncremental = arguments.contains(Self.incremental)
        isIfNeeded = arguments.contains(Self.ifNeeded)
        wait = try arguments.value(LeaseOption.wait, default: 0)
    }

    func validate() throws {
        try BackendChoice.validate(es: es, data: data)
        try DatabaseOption.validate(database)
        if isIncremental && isIfNeeded { throw UsageError.conflictingOptions("--incremental", "--if-needed") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let location = try context.existingDatabaseLocation(database)
        let configuration = IndexerConfiguration(
            database: location, indices: indices, batchSize: batchSize, retain: retain, clock: context.clock)
        let store = try BackendChoice(es: es, data: data, context: context)
        let progress = ProgressPrinter(stream: context.errors, every: progressEvery)
        let report: IndexingReport
        do {
            if isIncremental {
                let applied = try await context.withLease(store.backend, wait: wait) { lease in
                    try await IncrementalIndexer(
                        backend: store.backend, configuration: configuration, progress: progress, lease: lease
                    )
                    .catchUp()
                }
                try store.close()
                context.output.write(applied.text)
                guard applied.succeeded else {
                    context.errors.write(
                        "cms-indexer: error: \(applied.errors.count) \(applied.errors.count == 1 ? "document" : "documents") failed and kept their previous version\n"
                    )
                    return .failure
                }
                return .success
            }
            if isIfNeeded {
                let done = try await context.withLease(store.backend, wait: wait) { lease in
                    try await Indexer(
                        backend: store.backend, configuration: configuration, progress: progress, lease: lease
                    )
                    .runIfNeeded()
                }
                try store.close()
                context.output.write(done.text)
                if printStatistics, let rebuild = done.rebuild {
                    context.output.write(rebuild.statistics + "\n")
                }
                guard done.succeeded else {
                    context.errors.write(
                        "cms-indexer: error: some documents failed"
                            + (done.rebuild.map { $0.succeeded ? "" : "; the aliases were not moved" } ?? "")
                            + "\n")
                    return .failure
                }
                return .success
            }
            report = try await context.withLease(store.backend, wait: wait) { lease in
                try await Indexer(
                    backend: store.backend, configuration: configuration, progress: progress, lease: lease
                )
                .run()
            }
        } catch {
            try? store.close()
            throw error
        }
        try store.close()
        context.output.write(report.text)
        if printStatistics { context.output.write(report.statistics + "\n") }
        guard report.succeeded else {
            context.errors.write(
                "cms-indexer: error: \(report.errors.count) \(report.errors.count == 1 ? "document" : "documents") failed; the aliases were not moved\n"
            )
            return .failure
        }
        return .success
    }

    static func parseIndices(_ text: String?) throws(UsageError) -> [IndexName] {
        guard let text else { return CMSIndices.names }
        var indices: [IndexName] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let index = IndexName(rawValue: name) else {
                let known = CMSIndices.names.map(\.rawValue)
                throw .invalidValue(
                    option: "--only", value: name,
                    expected: "index names among " + known.map { "'\($0)'" }.joined(separator: ", ")
                        + NearMatch.hint(for: name, among: known))
            }
            if !indices.contains(index) { indices.append(index) }
        }
        guard !indices.isEmpty else {
            throw .invalidValue(option: "--only", value: text, expected: "at least one index name")
        }
        return CMSIndices.names.filter(indices.contains)
    }
}
