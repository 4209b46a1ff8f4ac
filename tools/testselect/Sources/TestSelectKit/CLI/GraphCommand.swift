import TestSelectManifest

/// `testselect graph`: print the package and target graph.
public struct GraphCommand: TestSelectCommand {
    /// Output formats.
    public enum Format: String, CaseIterable, ExpressibleByArgument {
        case json, dot, mermaid
    }

    public static let configuration = CommandConfiguration(
        name: "graph",
        abstract: "Print the package and target graph read from every manifest.",
        discussion: """
            JSON (schema 'testselect-graph/1') describes each package as SwiftPM would load it. DOT and Mermaid
            draw packages as boxes of targets; with '--base' or '--changed-files', changed targets (red) and
            selected suites (yellow) are highlighted. Works on a plain directory that is not a git repository.

            EXAMPLES:
              testselect graph --format json
              testselect graph --format dot --base origin/main | dot -Tsvg > graph.svg
            """)

    /// Where to look and, optionally, what changed.
    public var options = SelectionOptions()
    /// The output format.
    @Option(value: "format", help: "json, dot or mermaid.") public var format = Format.json

    public init() {}

    public func validate() throws {
        try options.validate()
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let graph: ResolvedGraph
        var highlight: GraphDiagramFormatter.Highlight? = nil
        if options.describesChange {
            let outcome = try options.select(in: context)
            graph = outcome.head
            highlight = GraphDiagramFormatter.Highlight(outcome.selection)
        } else {
            let workspace = try options.workspace(in: context)
            let snapshot = try workspace.headSnapshot(revision: options.head)
            graph = try workspace.graph(
                of: snapshot, config: try workspace.config(of: snapshot), requirePackages: true)
            for warning in graph.warnings { context.warn(warning.message) }
            for package in graph.packages {
                if case .unreadable(let reason) = package.loaded.reading {
                    context.warn("cannot read the manifest of '\(package.directory)': \(reason)")
                }
            }
        }
        switch format {
        case .json: context.output.write(GraphJSONFormatter.format(graph))
        case .dot: context.output.write(GraphDiagramFormatter.dot(graph, highlight: highlight))
        case .mermaid: context.output.write(GraphDiagramFormatter.mermaid(graph, highlight: highlight))
        }
        return 0
    }
}
