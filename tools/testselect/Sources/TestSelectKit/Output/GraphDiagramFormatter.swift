import Foundation
import TestSelectManifest
import TestSelectSupport

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
        if highlight != nil { lines += classes(changed: changed, selected: selected) }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    /// Mermaid `flowchart` of the packages a selection touches: each package with a selected suite
    /// or a changed target, each package on a path-dependency path from the first to the second,
    /// and the path dependencies among them (dependent to dependency); changed packages and
    /// packages with selected suites highlighted. Empty when the selection touches no package.
    public static func packageMermaid(_ graph: ResolvedGraph, highlight: Highlight) -> String {
        let changed = Set(highlight.changed.compactMap { graph.package(at: $0.package) })
        let selected = Set(highlight.selected.compactMap { graph.package(at: $0.package) })
        // Packages between the two: reached from a selected one, reaching a changed one.
        let fromSelected = reachable(from: selected) { graph.packages[$0].packageDependencies }
        let toChanged = reachable(from: changed) { graph.packageDependents[$0] }
        let shown = changed.union(selected).union(fromSelected.intersection(toChanged)).sorted()
        guard !shown.isEmpty else { return "" }
        var lines = ["flowchart LR"]
        for index in shown {
            let package = graph.packages[index]
            lines.append("  p\(index)[\(mermaidLabel("\(package.directory) (\(package.name))"))]")
        }
        let members = Set(shown)
        for index in shown {
            for dependency in graph.packages[index].packageDependencies.sorted()
            where members.contains(dependency) {
                lines.append("  p\(index) --> p\(dependency)")
            }
        }
        lines += classes(
            changed: shown.filter(changed.contains).map { "p\($0)" },
            selected: shown.filter { selected.contains($0) && !changed.contains($0) }.map { "p\($0)" })
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    /// The highlight classes of a Mermaid drawing and the nodes in each.
    static func classes(changed: [String], selected: [String]) -> [String] {
        var lines = [
            "  classDef changed fill:#f4a6a6,stroke:#c0392b",
            "  classDef selected fill:#ffd966,stroke:#b58900",
        ]
        if !changed.isEmpty { lines.append("  class \(changed.joined(separator: ",")) changed") }
        if !selected.isEmpty { lines.append("  class \(selected.joined(separator: ",")) selected") }
        return lines
    }

    /// Every node reached from `start` (itself included) along `next`. O(nodes + edges).
    static func reachable(from start: Set<Int>, _ next: (Int) -> [Int]) -> Set<Int> {
        var seen = start
        var stack = Array(start)
        while let node = stack.popLast() {
            for neighbour in next(node) where seen.insert(neighbour).inserted { stack.append(neighbour) }
        }
        return seen
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    /// A quoted Mermaid label showing `text` as it is: Mermaid reads `#...;` as a character
    /// reference, a backtick as the start of Markdown and `<...>` as HTML, so those are written as
    /// references, like the quote.
    static func mermaidLabel(_ text: String) -> String {
        var label = "\""
        for character in text {
            switch character {
            case "#": label += "#35;"
            case "\"": label += "#quot;"
            case "`": label += "#96;"
            case "<": label += "#60;"
            case ">": label += "#62;"
            case "&": label += "#38;"
            default: label.append(character)
            }
        }
        return label + "\""
    }
}
