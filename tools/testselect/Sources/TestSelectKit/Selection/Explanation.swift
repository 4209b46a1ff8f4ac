import TestSelectManifest
import TestSelectSupport

/// Why one suite is, or is not, selected: the chain from each changed file to the suite.
public struct Explanation: Sendable {
    /// Errors naming the suite to explain.
    public enum Failure: Error, CustomStringConvertible, Equatable, BadInputError {
        /// No such package directory or target.
        case unknownSuite(String, suggestion: String?)
        /// The target exists but is not a test target.
        case notASuite(String)

        public var description: String {
            switch self {
            case .unknownSuite(let name, let suggestion):
                let hint =
                    suggestion.map { "; did you mean '\($0)'?" } ?? "; run 'testselect graph' to list targets"
                return "no test target '\(name)' in this repository\(hint)"
            case .notASuite(let name):
                return
                    "'\(name)' is not a test target; explain takes a test target such as 'services/catalogue:CatalogueTests'"
            }
        }

        public var isBadInput: Bool { true }
    }

    let outcome: SelectionOutcome
    let suite: Int

    /// Finds the suite to explain.
    public init(suite reference: SuiteReference, outcome: SelectionOutcome) throws(Failure) {
        let graph = outcome.head
        guard let suite = graph.target(directory: reference.directory, name: reference.target) else {
            let names = graph.suites.map(graph.qualifiedName)
            throw .unknownSuite(
                reference.description, suggestion: NearMatch.closest(to: reference.description, among: names))
        }
        guard graph.targets[suite].isSuite else { throw .notASuite(reference.description) }
        self.outcome = outcome
        self.suite = suite
    }

    /// The explanation as text.
    public func render() -> String {
        let graph = outcome.head
        let name = graph.qualifiedName(suite)
        let package = graph.packages[graph.targets[suite].package].directory
        let target = graph.targets[suite].name
        guard
            let selected = outcome.selection.selected.first(where: {
                $0.package == package && $0.target == target
            })
        else {
            let closure = dependencyClosure()
            var lines = [
                "\(name) is not selected: none of the \(closure.count) target\(closure.count == 1 ? "" : "s") it depends on (directly, through "
                    + "products or plugins) owns a changed file, and no manifest, global file or extra input it "
                    + "depends on changed."
            ]
            if !closure.isEmpty {
                lines.append("its dependencies: " + closure.map(graph.qualifiedName).joined(separator: ", "))
            }
            return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
        }
        var lines = ["\(name) is selected:"]
        for (number, reason) in selected.reasons.enumerated() {
            lines.append("")
            lines.append("  \(number + 1). \(reason.kind.rawValue)")
            lines += describe(reason).map { "     " + $0 }
        }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    func describe(_ reason: Selection.Reason) -> [String] {
        let graph = outcome.head
        var lines: [String] = []
        if let file = reason.file {
            let status = outcome.changes.files.first { $0.path == file || $0.oldPath == file }
            lines.append("\(file) changed" + (status.map { " (\(statusWord($0.status)))" } ?? ""))
        }
        switch reason.kind {
        case .fileChanged:
            lines.append(
                "-> \(graph.qualifiedName(suite)) owns it"
                    + (reason.detail.map { " (\($0); its tests may read it)" } ?? ""))
        case .dependencyChanged, .extraInput, .manifestChanged, .resolvedChanged:
            if reason.kind == .manifestChanged || reason.kind == .resolvedChanged {
                lines.append("-> every target of its package counts as changed")
            }
            lines += chain(via: reason.via, kind: reason.kind)
        case .unownedFile:
            lines.append("-> it is in no target; it counts for every suite of its package")
        case .alwaysRun:
            lines.append("'\(TestSelectConfig.fileName)' lists it in 'alwaysRun'")
        case .globalFile:
            lines.append("-> global files select every suite")
        case .manifestUnreadable:
            lines.append("-> the manifest cannot be read" + (reason.detail.map { ": \($0)" } ?? ""))
            lines.append("-> every change selects all tests of the package")
        case .noMergeBase:
            lines.append("no merge-base with the base revision: everything runs")
            for text in outcome.selection.runAllReasons { lines.append("(\(text))") }
        }
        return lines
    }

    /// Lines from the changed target up to the suite, naming how each target depends on the previous one.
    func chain(via names: [String], kind: Selection.ReasonKind) -> [String] {
        let graph = outcome.head
        var path: [Int] = [suite]
        var current = suite
        for name in names {
            guard
                let next = graph.dependencies[current].first(where: { graph.targets[$0.target].name == name })
            else {
                return names.reversed().map { "-> \($0)" } + ["-> \(graph.qualifiedName(suite))"]
            }
            path.append(next.target)
            current = next.target
        }
        var lines: [String] = []
        let origin = path[path.count - 1]
        if kind == .extraInput {
            lines.append(
                "-> it is an extra input of \(graph.qualifiedName(origin)) ('\(TestSelectConfig.fileName)')")
        } else if kind == .dependencyChanged {
            lines.append("-> \(graph.qualifiedName(origin)) owns it")
        }
        if path.count >= 2 {
            for index in stride(from: path.count - 2, through: 0, by: -1) {
                let dependent = path[index]
                let dependency = path[index + 1]
                let edge = graph.dependencies[dependent].first { $0.target == dependency }
                let how: String
                switch edge?.kind {
                case .product(let product)?: how = "through product '\(product)'"
                case .plugin(let plugin)?: how = "as plugin '\(plugin)'"
                case .unreadablePackage?: how = "through its unreadable package"
                default: how = "directly"
                }
                let conditional = edge?.condition != nil ? " (conditionally; counted on every platform)" : ""
                lines.append(
                    "-> \(graph.qualifiedName(dependent)) depends on \(graph.targets[dependency].name) \(how)\(conditional)"
                )
            }
        }
        return lines
    }

    func statusWord(_ status: ChangedFile.Status) -> String {
        switch status {
        case .added: return "added"
        case .modified: return "modified"
        case .deleted: return "deleted"
        case .renamed: return "renamed"
        }
    }

    /// Every target the suite depends on, transitively.
    func dependencyClosure() -> [Int] {
        let graph = outcome.head
        let reach = GraphAlgorithms.breadthFirst(from: [suite], nodeCount: graph.targets.count) {
            graph.dependencies[$0].map(\.target)
        }
        return graph.targets.indices.filter { $0 != suite && reach.reached($0) }
    }
}
