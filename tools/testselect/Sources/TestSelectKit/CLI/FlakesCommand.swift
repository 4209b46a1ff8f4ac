import Foundation
import TestSelectSupport

/// `testselect flakes`: list the flaky tests `testselect run --retries` recorded.
public struct FlakesCommand: TestSelectCommand {
    /// Output formats.
    public enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json
    }

    public static let configuration = CommandConfiguration(
        name: "flakes",
        abstract: "List the tests 'testselect run --retries' found flaky: how often, when, how they failed.",
        discussion: """
            Reads .build/testselect/flakes.json (or --flakes FILE), which each 'testselect run --retries N'
            updates with the tests that failed and then passed when run again. Most often flaky first;
            tests already in .testselect.json's "quarantine" are marked. To quarantine one (it still runs
            and is reported; its failures no longer fail the run), add the name printed here to
            "quarantine" in .testselect.json.

            EXAMPLES:
              testselect flakes
              testselect flakes --flakes ci-flakes.json --format json
            """)

    /// `--repo`.
    public var repository = RepositoryOption()
    /// The flakes file.
    @Option("--flakes", value: "file", help: "The flakes file (default: .build/testselect/flakes.json).")
    public var flakesPath: String?
    /// The output format.
    @Option(value: "format", help: "text or json (the file's own form).") public var format = Format.text

    public init() {}

    public func validate() throws {
        for (name, value) in [("--repo", repository.path), ("--flakes", flakesPath)] {
            if let value, value.isEmpty {
                throw UsageError.invalidValue(option: name, value: value, expected: "a non-empty path")
            }
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let options = SelectionOptions()
        options.repository = repository.path
        let workspace = try options.workspace(in: context)
        let path = FlakeStore.path(option: flakesPath, root: workspace.root, context: context)
        let store = try FlakeStore.load(from: path)
        if format == .json {
            context.output.write(store.serialized())
            return 0
        }
        let shown = RepoPath.relative(path, to: workspace.root) ?? path
        guard !store.flakes.isEmpty else {
            context.output.write("no flaky tests recorded in \(shown)\n")
            return 0
        }
        let quarantine = try workspace.config(of: try workspace.headSnapshot(revision: nil)).quarantine
        var lines = ["\(store.flakes.count) flaky test\(store.flakes.count == 1 ? "" : "s") in \(shown):"]
        for (test, flake) in store.ranked {
            let quarantined = quarantine.contains(flake.test, package: flake.package) ? " (quarantined)" : ""
            let times = flake.count == 1 ? "1 run" : "\(flake.count) runs"
            lines.append(
                "  \(test)\(quarantined): flaky in \(times), last \(FlakeStore.timestamp(flake.last)), first \(FlakeStore.timestamp(flake.first))"
            )
            if !flake.failure.isEmpty { lines.append("    failed with: \(flake.failure)") }
        }
        lines.append("")
        lines.append(
            "To quarantine a test (it runs and is reported; its failures do not fail the run), add its name to \"quarantine\" in .testselect.json."
        )
        context.output.write(lines.map(NameSafety.visible).joined(separator: "\n") + "\n")
        return 0
    }
}
