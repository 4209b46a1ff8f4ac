import Foundation

/// Graphviz DOT and Mermaid drawings of the graph: packages as clusters, targets as nodes,
/// dependencies as arrows (dashed for plugins); with a selection, changed targets and selected
/// suites are highlighted.
public enum GraphDiagramFormatter {
    /// What to highlight.
    public struct Highlight: Sendable {
        /// Targets owning a changed file.
        public var changed: Set<Selection.TargetReference>
        /// Selected suites.
        public var selected: Set<Selection.TargetReference>

        /// The highlight of a selection.
        public init(_ selection: Selection) {
            changed = Set(selection.changedTargets)
            selected = Set(
                selection.selected.map { Selection.TargetReference(package: $0.package, target: $0.target) })
        }
    }

    static func reference(_ graph: ResolvedGraph, _ target: Int) -> Selection.TargetReference {
        Selection.TargetReference(
            package: graph.packages[graph.targets[target].package].directory,
            target: graph.targets[target].name)
    }

    /// Graphviz DOT.
    public static func dot(_ graph: ResolvedGraph, highlight: Highlight? = nil) -> String {
        var lines = [
            "digraph testselect {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
        ]
        for (packageIndex, package) in graph.packages.enumerated() {
            lines.append("  subgraph \"cluster_\(packageIndex)\" {")
            lines.append("    label=\(quote("\(package.directory) (\(package.name))"));")
            for target in package.targets {
                var attributes = ["label=\(quote(graph.targets[target].name))"]
                if graph.targets[target].isSuite { attributes.append("shape=ellipse") }
                if let highlight {
                    let key = reference(graph, target)
                    if highlight.changed.contains(key) {
                        attributes.append("style=filled, fillcolor=\"#f4a6a6\"")
                    } else if highlight.selected.contains(key) {
                        attributes.append("style=filled, fillcolor=\"#ffd966\"")
                    }
                }
                lines.append("    \(quote("t\(target)")) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        for (source, edges) in graph.dependencies.enumerated() {
            for edge in edges {
                let style: String
                switch edge.kind {
                case .plugin: style = " [style=dashed]"
                case .product(let name): style = " [label=\(quote(name))]"
                default: style = ""
                }
                lines.append("  \(quote("t\(source)")) -> \(quote("t\(edge.target)"))\(style);")
            }
        }
        lines.append("}")
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    /// Mermaid `flowchart`.
    public static func mermaid(_ graph: ResolvedGraph, highlight: Highlight? = nil) -> String {
        var lines = ["flowchart LR"]
        var changed: [String] = []
        var selected: [String] = []
        for (packageIndex, package) in graph.packages.enumerated() {
            lines.append(
                "  subgraph p\(packageIndex)[\(mermaidLabel("\(package.directory) (\(package.name))"))]")
            for target in package.targets {
                let name = mermaidLabel(graph.targets[target].name)
                lines.append(
                    graph.targets[target].isSuite ? "    t\(target)([\(name)])" : "    t\(target)[\(name)]")
                if let highlight {
                    let key = reference(graph, target)
                    if highlight.changed.contains(key) {
                        changed.append("t\(target)")
                    } else if highlight.selected.contains(key) {
                        selected.append("t\(target)")
                    }
                }
            }
            lines.append("  end")
        }
        for (source, edges) in graph.dependencies.enumerated() {
            for edge in edges {
                if case .plugin = edge.kind {
                    lines.append("  t\(source) -.-> t\(edge.target)")
                } else {
                    lines.append("  t\(source) --> t\(edge.target)")
                }
            }
        }
        if highlight != nil {
            lines.append("  classDef changed fill:#f4a6a6,stroke:#c0392b")
            lines.append("  classDef selected fill:#ffd966,stroke:#b58900")
            if !changed.isEmpty { lines.append("  class \(changed.joined(separator: ",")) changed") }
            if !selected.isEmpty { lines.append("  class \(selected.joined(separator: ",")) selected") }
        }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    static func mermaidLabel(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }
}
