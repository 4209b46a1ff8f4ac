import CLIKit
import CMSIndexer
import CMSIndexerDemo
import ESModels
import Foundation

/// `cms-indexer demo-db`: writes a realistic demo CMS database.
struct DemoDatabaseCommand: Command {
    static let out = Option<String>("--out", value: "path", help: "The SQLite file to write.")
    static let db = DatabaseOption.option(
        help:
            "Or the database to fill: a SQLite file, or postgres://... (migrated first; it must hold no assets)."
    )
    static let assets = Option<Int>(
        "--assets", value: "n", in: 1...10_000_000,
        help: "How many assets (movies, series, episodes, sport events; default 5000).")
    static let seed = Option<UInt64>(
        "--seed", value: "n", help: "The random seed (default 1).", expected: "a non-negative integer"
    ) { UInt64($0) }
    static let anchor = Option<Date>(
        "--anchor", value: "date",
        help:
            "The data's 'now', e.g. 2025-06-01 (default: today, UTC); windows and events are placed around it.",
        expected: "an ISO 8601 date such as 2025-06-01"
    ) { ISODate.date(from: $0) }
    static let force = Flag(
        "--force", help: "Replace the file when it exists (on PostgreSQL: empty the CMS tables first).")
    static let configuration = CommandConfiguration(
        name: "demo-db",
        abstract: "Writes a realistic demo CMS database, deterministic for a seed and an anchor date.",
        discussion: """
            The same --seed and --anchor always write the same rows. The default anchor is today,
            so license windows open now stay open in the demo whenever it is generated.
            Give --out for a SQLite file, or --db for either database. On PostgreSQL the rows are
            loaded with COPY in one transaction; --force empties the CMS tables with TRUNCATE,
            which change capture does not record, so run a full 'cms-indexer index' afterwards.
            """,
        arguments: [out, db, assets, seed, anchor, force])

    var target: String
    var assets: Int
    var seed: UInt64
    var anchor: Date?
    var replace: Bool

    init(parsing arguments: ParsedArguments) throws {
        let out = try arguments.value(Self.out)
        let db = try arguments.value(Self.db)
        switch (out, db) {
        case (let path?, nil), (nil, let path?): target = path
        case (nil, nil):
            throw UsageError.missingOneOf(["--out", "--db"], command: "cms-indexer demo-db", otherwise: nil)
        case (.some, .some): throw UsageError.conflictingOptions("--out", "--db")
        }
        assets = try arguments.value(Self.assets, default: 5_000)
        seed = try arguments.value(Self.seed, default: 1)
        anchor = try arguments.value(Self.anchor)
        replace = arguments.contains(Self.force)
    }

    func validate() throws {
        try DatabaseOption.validate(target)
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
