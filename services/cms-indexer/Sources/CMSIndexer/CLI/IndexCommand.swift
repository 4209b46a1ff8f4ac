import ESEmbedded
import ESModels
import Foundation

/// `cms-indexer index`: fills the search indices from the CMS database.
enum IndexCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer index",
        abstract:
            "Denormalizes the CMS database into new versioned indices and moves the aliases when all are complete.",
        usage: "--db PATH [--es URL | --data DIR] [--only LIST] [--batch-size N] [--retain N] [--stats]",
        options: [
            .value("--db", "PATH", "The CMS SQLite database."),
            .value(
                "--es", "URL",
                "A real Elasticsearch/OpenSearch cluster (credentials from ELASTICSEARCH_* variables)."),
            .value("--data", "DIR", "The embedded engine's data directory (durable; created when missing)."),
            .value("--only", "LIST", "Comma-separated indices to build (default: all)."),
            .value("--batch-size", "N", "Documents per bulk request (default 500)."),
            .value("--retain", "N", "Complete versions kept per alias, the live one included (default 2)."),
            .value(
                "--progress-every", "N",
                "Without a terminal, a progress line every N documents (default 10000)."),
            .flag("--stats", "Print rows/s and docs/s at the end."),
        ],
        discussion: """
            Without --es or --data, the documents go to the cluster named by ELASTICSEARCH_URL when it
            is set, otherwise into an in-memory embedded engine that is gone when the command ends: a
            dry run that still checks every document against the mappings.
            A run that fails (a bad row, a store error, an interruption) deletes what it built and
            leaves the aliases on the previous complete indices. Exit codes: 0 indexed and switched,
            1 failed (nothing switched), 64 bad usage or input.
            """)

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        let path = context.resolve(try options.required("--db")).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError.invalidValue(
                option: "--db", value: path, expected: "an existing CMS database file")
        }
        let indices = try parseIndices(options.value("--only"))
        let configuration = IndexerConfiguration(
            databasePath: path, indices: indices,
            batchSize: try options.integer("--batch-size", default: 500, in: 1...100_000),
            retain: try options.integer("--retain", default: 2, in: 1...1_000), clock: context.clock)
        let every = try options.integer("--progress-every", default: 10_000, in: 1...Int.max)
        let store = try BackendChoice(options: options, context: context)
        let indexer = Indexer(
            backend: store.backend, configuration: configuration,
            progress: ProgressPrinter(stream: context.errors, every: every))
        let report: IndexingReport
        do {
            report = try await indexer.run()
        } catch {
            try? store.close()
            throw error
        }
        try store.close()
        context.output.write(report.text)
        if options.flag("--stats") { context.output.write(report.statistics + "\n") }
        guard report.succeeded else {
            context.errors.write(
                "cms-indexer: error: \(report.errors.count) \(report.errors.count == 1 ? "document" : "documents") failed; the aliases were not moved\n"
            )
            return 1
        }
        return 0
    }

    static func parseIndices(_ text: String?) throws -> [IndexName] {
        guard let text else { return CMSIndices.names }
        var indices: [IndexName] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let index = IndexName(rawValue: name) else {
                let known = CMSIndices.names.map(\.rawValue)
                let hint = NearMatch.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError.invalidValue(
                    option: "--only", value: name,
                    expected: "index names among " + known.map { "'\($0)'" }.joined(separator: ", ") + hint)
            }
            if !indices.contains(index) { indices.append(index) }
        }
        guard !indices.isEmpty else {
            throw UsageError.invalidValue(option: "--only", value: text, expected: "at least one index name")
        }
        return CMSIndices.names.filter(indices.contains)
    }
}
