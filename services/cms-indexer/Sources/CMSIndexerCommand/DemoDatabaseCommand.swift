import CLIKit
import CMSIndexer
import CMSIndexerDemo
import ESModels
import Foundation

/// `cms-indexer demo-db`: writes a realistic demo CMS database.
struct DemoDatabaseCommand: Command {
    static let configuration = CommandConfiguration(
        name: "demo-db",
        abstract: "Writes a realistic demo CMS database, deterministic for a seed and an anchor date.",
        discussion: """
            The same --seed and --anchor always write the same rows. The default anchor is today,
            so license windows open now stay open in the demo whenever it is generated.
            Give --out for a SQLite file, or --db for either database. On PostgreSQL the rows are
            loaded with COPY in one transaction; --force empties the CMS tables with TRUNCATE,
            which change capture does not record, so run a full 'cms-indexer index' afterwards.
            """)

    @Option(value: "path", help: "The SQLite file to write.") var out: String?
    // Not the shared required `DatabaseOption`: here `--db` is the alternative to `--out`.
    @Option(
        "--db", value: "path|url",
        help:
            "Or the database to fill: a SQLite file, or postgres://... (migrated first; it must hold no assets)."
    )
    var db: String?
    @Option(value: "n", in: 1...10_000_000, help: "How many assets (movies, series, episodes, sport events).")
    var assets = 5_000
    @Option(
        value: "n", help: "The random seed.", expected: "a non-negative integer", convert: { UInt64($0) })
    var seed: UInt64 = 1
    @Option(
        value: "date",
        help:
            "The data's 'now', e.g. 2025-06-01 (default: today, UTC); windows and events are placed around it.",
        expected: "an ISO 8601 date such as 2025-06-01", convert: { ISODate.date(from: $0) })
    var anchor: Date?
    @Flag(
        "--force", help: "Replace the file when it exists (on PostgreSQL: empty the CMS tables first).")
    var replace: Bool

    /// The database to write: `--out` or `--db`, whichever is given.
    var target: String { out ?? db ?? "" }

    func validate() throws {
        switch (out, db) {
        case (nil, nil):
            throw UsageError.missingOneOf(["--out", "--db"], command: "cms-indexer demo-db", otherwise: nil)
        case (.some, .some): throw UsageError.conflictingOptions("--out", "--db")
        default: try DatabaseOption.validate(target)
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let location = context.databaseLocation(target)
        let anchor =
            self.anchor
            ?? Date(
                timeIntervalSince1970: (context.clock.now().timeIntervalSince1970 / 86_400).rounded(.down)
                    * 86_400)
        let started = ContinuousClock.now
        let summary = try DemoDatabase.write(
            into: location, options: DemoDatabaseOptions(assets: assets, seed: seed, anchor: anchor),
            replace: replace)
        let elapsed = ContinuousClock.now - started
        context.output.write(
            "wrote \(location) (seed \(seed), anchor \(ISODate.string(from: anchor)))\n" + summary.text)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        context.note(String(format: "demo database written in %.1f s", seconds))
        return .success
    }
}
