import CLIKit
import ESEmbedded
import ESEmbeddedServer

/// `es-embedded repair`: rebuilds a damaged data directory from every intact record.
public struct RepairCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "repair",
        abstract:
            "Rebuild a damaged data directory from every intact record, moving the damaged files aside.",
        discussion: """
            Applies every intact record of the snapshot and the log in order (reading resumes after
            damage at the next intact record), drops only the records the damage cost, and writes the
            result as a new snapshot. The old snapshot and log segments are moved into
            'damaged-<UTC time>/' inside the data directory, never deleted; the report says exactly
            which records were dropped. Run 'es-embedded check' first; stop the engine before.
            Exit status 0 when repaired (or nothing was damaged), 1 when the repair could not run,
            64 when the indices named are not the damaged ones.
            """)

    /// The data directory.
    @Option(
        initial: nil, "--data", value: "dir",
        help: "The data directory to repair (no engine may be running on it).", defaultValue: nil,
        expected: "a directory path", convert: { $0.isEmpty ? nil : $0 })
    public var dataDirectory: String
    @Option(
        value: "names",
        help: "The damaged indices whose lost records may be dropped (comma-separated): every damaged one.",
        expected: "index names separated by commas",
        convert: { text in
            let names = text.split(separator: ",").map(String.init)
            return names.isEmpty || names.contains(where: \.isEmpty) ? nil : names
        })
    var index: [String]?
    @Flag(help: "Drop every damaged record, those of the engine itself included (alias table, bookkeeping).")
    var all: Bool

    /// The command before its arguments are parsed.
    public init() {}

    /// Exactly one of `--index` and `--all`.
    public func validate() throws {
        switch (index, all) {
        case (.some, true): throw UsageError.conflictingOptions("--index", "--all")
        case (nil, false):
            throw UsageError.missingOneOf(
                ["--index", "--all"], command: "es-embedded repair", otherwise: nil)
        default: break
        }
    }

    /// What the repair may drop.
    public var scope: RepairScope {
        index.map(RepairScope.indices) ?? .all
    }

    /// Repairs, printing what was dropped and kept on standard output.
    public func run(in context: ESEmbeddedContext) async throws -> ExitCode {
        if case .indices(let names) = scope {
            let report = try DataDirectoryCheck.run(directory: dataDirectory)
            let damaged = report.failedIndices.keys.sorted()
            for name in names where !damaged.contains(name) {
                let known =
                    report.indices.contains(name) ? "is not damaged" : "has no records in '\(dataDirectory)'"
                let candidates = damaged.isEmpty ? report.indices : damaged
                let hint =
                    NearMatch.closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
                let listing =
                    damaged.isEmpty
                    ? (report.engineDamage.isEmpty
                        ? "; nothing is damaged" : "; the damage belongs to no single index: use '--all'")
                    : "; damaged: " + damaged.map { "'\($0)'" }.joined(separator: ", ")
                context.errors.line("es-embedded: error: index '\(name)' \(known)\(hint)\(listing)")
                return .usage
            }
        }
        let report: RepairReport
        do {
            report = try DataDirectoryRepair.run(directory: dataDirectory, scope: scope, clock: context.clock)
        } catch let error as EmbeddedEngineError {
            if case .repairScope = error {
                context.errors.line("es-embedded: error: \(error)")
                return .usage
            }
            throw error
        }
        context.output.write(ReportText.repair(report))
        return .success
    }
}
