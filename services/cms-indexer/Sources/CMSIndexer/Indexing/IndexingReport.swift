import ESModels

/// The outcome of an indexing run that reached the end of the data: counts per index,
/// the documents that failed, and what happened to the aliases.
public struct IndexingReport: Sendable {
    /// One index of the run.
    public struct IndexResult: Sendable, Equatable {
        /// The alias (`assetflat`).
        public var alias: String
        /// The concrete index built (`assetflat-20240301102030123`).
        public var index: String
        /// Rows read from the CMS database.
        public var rowsRead: Int
        /// Documents the new index holds.
        public var documents: Int
        /// Documents that could not be built or were rejected by the store.
        public var failed: Int
        /// The indices the alias pointed to before (empty on a first run).
        public var previous: [String]
        /// Old versions deleted by the retention rule.
        public var deleted: [String]
    }

    /// The version suffix shared by the run's indices.
    public var version: String
    /// Per index, in build order.
    public var results: [IndexResult]
    /// Every failed document, with its id.
    public var errors: [DocumentError]
    /// Whether the aliases now point at the new indices.
    public var switched: Bool
    /// Half-built indices this run deleted (when it did not switch).
    public var cleanedUp: [String]
    /// Wall time of the run, in seconds (for the statistics line).
    public var seconds: Double
    /// The change position the new indices record: the outbox's latest when the run started
    /// reading, then moved on by the changes applied before the switch.
    public var position: Int64
    /// The changes made while the run read, applied to the new indices before the switch.
    public var caughtUp: IncrementalReport

    /// Creates a report.
    public init(
        version: String, results: [IndexResult], errors: [DocumentError], switched: Bool, cleanedUp: [String],
        seconds: Double, position: Int64 = 0, caughtUp: IncrementalReport = IncrementalReport()
    ) {
        self.version = version
        self.results = results
        self.errors = errors
        self.switched = switched
        self.cleanedUp = cleanedUp
        self.seconds = seconds
        self.position = position
        self.caughtUp = caughtUp
    }

    /// Whether every document was indexed and the aliases moved.
    public var succeeded: Bool { switched && errors.isEmpty }

    /// Rows read over every index.
    public var rowsRead: Int { results.reduce(0) { $0 + $1.rowsRead } }

    /// Documents indexed over every index.
    public var documents: Int { results.reduce(0) { $0 + $1.documents } }

    /// A readable summary: one line per index, the failed documents, the outcome.
    public var text: String {
        var lines: [String] = []
        for result in results {
            var line =
                "\(result.alias): \(result.documents) documents in '\(result.index)' from \(result.rowsRead) rows"
            if result.failed > 0 { line += ", \(result.failed) failed" }
            if !result.deleted.isEmpty {
                line += "; deleted \(result.deleted.map { "'\($0)'" }.joined(separator: ", "))"
            }
            lines.append(line)
        }
        if caughtUp.changes > 0 {
            lines.append(
                "applied \(caughtUp.changes) \(caughtUp.changes == 1 ? "change" : "changes") made during the run before the switch (\(caughtUp.upserted) written, \(caughtUp.deleted) deleted)"
            )
        }
        if !errors.isEmpty {
            lines.append("\(errors.count) \(errors.count == 1 ? "document" : "documents") failed:")
            lines += errors.map { "  \($0)" }
        }
        if succeeded {
            lines.append("aliases moved to version \(version) (change position \(position))")
        } else {
            var line = "the aliases were not moved: they still point at the previous complete indices"
            if !cleanedUp.isEmpty {
                line += "; deleted the half-built \(cleanedUp.map { "'\($0)'" }.joined(separator: ", "))"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Throughput: rows read and documents indexed per second.
    public var statistics: String {
        let seconds = max(self.seconds, 0.000_001)
        return String(
            format: "%d rows, %d documents in %.2f s: %.0f rows/s, %.0f docs/s", rowsRead, documents, seconds,
            Double(rowsRead) / seconds, Double(documents) / seconds)
    }
}
