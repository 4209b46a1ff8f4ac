import CLIKit
import CMSIndexer
import ESEmbedded
import ESModels
import Foundation

/// `cms-indexer index`: fills the search indices from the CMS database.
struct IndexCommand: Command {
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
            """)

    var db = DatabaseOption()
    var backend = BackendChoice()
    @Option(value: "list", help: "Comma-separated indices to build (default: all).") var only: String?
    @Option(value: "n", in: 1...100_000, help: "Documents per bulk request.") var batchSize = 500
    @Option(value: "n", in: 1...1_000, help: "Complete versions kept per alias, the live one included.")
    var retain = 2
    @Option(value: "n", in: 1..., help: "Without a terminal, a progress line every N documents.")
    var progressEvery = 10_000
    @Flag("--stats", help: "Print rows/s and docs/s at the end.") var printStatistics: Bool
    @Flag(
        "--incremental",
        help: "Apply only the changes recorded since the live indices' position (no new indices, no switch).")
    var isIncremental: Bool
    @Flag(
        "--if-needed",
        help:
            "Compare the live indices with the definitions first: rebuild only those with a breaking change or no index, apply additive changes in place."
    )
    var isIfNeeded: Bool
    var leaseOption = LeaseOption()

    /// The indices `--only` names, in definition order.
    var indices = CMSIndices.names

    mutating func validate() throws {
        indices = try Self.parseIndices(only)
        try backend.validate()
        try db.validate()
        if isIncremental && isIfNeeded { throw UsageError.conflictingOptions("--incremental", "--if-needed") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let location = try context.existingDatabaseLocation(db.database)
        let configuration = IndexerConfiguration(
            database: location, indices: indices, batchSize: batchSize, retain: retain, clock: context.clock)
        let store = try backend.open(context: context)
        let progress = ProgressPrinter(stream: context.errors, every: progressEvery)
        let report: IndexingReport
        do {
            if isIncremental {
                let applied = try await context.withLease(store.backend, wait: leaseOption.wait) { lease in
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
                let done = try await context.withLease(store.backend, wait: leaseOption.wait) { lease in
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
            report = try await context.withLease(store.backend, wait: leaseOption.wait) { lease in
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
