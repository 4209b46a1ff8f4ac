import CLIKit
import ESEmbedded
import ESEmbeddedServer

/// `es-embedded check`: what is intact and what is damaged in a data directory, read-only.
public struct CheckCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Report what is intact and what is damaged in a data directory, changing nothing.",
        discussion: """
            Reads the snapshot and every log segment as a start would: each file with its intact
            records and damaged regions (where, what, which records of which index they cost, how many
            intact records follow), each index (served, or not until a repair), and how many records
            a repair would drop. Exit status 0 when the engine serves everything (a torn last write is
            cut off at the next start and costs no acknowledged write), 1 when a repair is needed.
            """)

    /// The data directory.
    @Option(
        initial: nil, "--data", value: "dir",
        help: "The data directory to check (as given to 'es-embedded serve --data').", defaultValue: nil,
        expected: "a directory path", convert: { $0.isEmpty ? nil : $0 })
    public var dataDirectory: String

    /// The command before its arguments are parsed.
    public init() {}

    /// Prints the report on standard output.
    public func run(in context: ESEmbeddedContext) async throws -> ExitCode {
        let report = try DataDirectoryCheck.run(directory: dataDirectory)
        context.output.write(ReportText.check(report))
        return report.needsRepair ? .failure : .success
    }
}
