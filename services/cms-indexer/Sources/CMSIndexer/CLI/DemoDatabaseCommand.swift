import ESModels
import Foundation

/// `cms-indexer demo-db`: writes a realistic demo CMS database.
enum DemoDatabaseCommand: CLICommand {
    static let spec = CommandSpec(
        name: "cms-indexer demo-db",
        abstract: "Writes a realistic demo CMS database, deterministic for a seed and an anchor date.",
        usage: "--out PATH [--assets N] [--seed N] [--anchor DATE] [--force]",
        options: [
            .value("--out", "PATH", "The SQLite file to write."),
            .value(
                "--assets", "N", "How many assets (movies, series, episodes, sport events; default 5000)."),
            .value("--seed", "N", "The random seed (default 1)."),
            .value(
                "--anchor", "DATE",
                "The data's 'now', e.g. 2025-06-01 (default: today, UTC); windows and events are placed around it."
            ),
            .flag("--force", "Replace PATH when it exists."),
        ],
        discussion: """
            The same --seed and --anchor always write the same rows. The default anchor is today,
            so license windows open now stay open in the demo whenever it is generated.
            """)

    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32 {
        let out = context.resolve(try options.required("--out")).path
        let assets = try options.integer("--assets", default: 5_000, in: 1...10_000_000)
        let seedText = options.value("--seed") ?? "1"
        guard let seed = UInt64(seedText) else {
            throw UsageError.invalidValue(
                option: "--seed", value: seedText, expected: "a non-negative integer")
        }
        let anchor: Date
        if let text = options.value("--anchor") {
            guard let date = ISODate.date(from: text) else {
                throw UsageError.invalidValue(
                    option: "--anchor", value: text, expected: "an ISO 8601 date such as 2025-06-01")
            }
            anchor = date
        } else {
            let now = context.clock.now().timeIntervalSince1970
            anchor = Date(timeIntervalSince1970: (now / 86_400).rounded(.down) * 86_400)
        }
        let started = Date()
        let summary = try DemoDatabase.write(
            to: out, options: DemoDatabaseOptions(assets: assets, seed: seed, anchor: anchor),
            replace: options.flag("--force"))
        let seconds = Date().timeIntervalSince(started)
        context.output.write(
            "wrote \(out) (seed \(seed), anchor \(ISODate.string(from: anchor)))\n" + summary.text)
        context.note(String(format: "demo database written in %.1f s", seconds))
        return 0
    }
}
