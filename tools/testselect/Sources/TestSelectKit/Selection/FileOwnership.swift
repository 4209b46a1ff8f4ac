import TestSelectManifest
import TestSelectSupport

/// Maps repository paths to the targets that own them: the longest target directory that contains
/// the path, within the innermost package containing it.
///
/// Everything inside a target's directory is the target's, built or not: a file outside its
/// `sources:` list and a file it `exclude:`s are both compiled by nobody, but tests read such files
/// at run time (data beside the sources, vendored test data), so both select the target, with a
/// note that says it is not built. Where several targets share a directory (`sources:` lists
/// splitting one folder), a file listed in one belongs to that one only.
///
/// A package nested in another package's target or `Tests/` tree (a fixture package) also counts
/// for that outer target, so a change inside it still selects the suites that read it.
/// Lookups cost O(depth of the path) hash probes.
public struct FileOwnership: Sendable {
    /// Where a path belongs.
    public struct Location: Sendable, Hashable {
        /// The innermost package containing the path, if any.
        public var package: Int?
        /// Targets owning the path (innermost package first, then enclosing ones).
        public var owners: [Int]
        /// Owners that own the path without building it, with why (`outside its 'sources'`, `in
        /// its 'exclude'`).
        public var notBuilt: [Int: String] = [:]
        /// Packages whose `Tests/` tree holds the path outside any target.
        public var testsTrees: [Int]
        /// Whether the path is a manifest (`Package.swift`, `Package@swift-*.swift`) of `package`.
        public var isManifest: Bool
        /// Whether the path is the `Package.resolved` of `package`.
        public var isResolvedFile: Bool
    }

    let graph: ResolvedGraph
    private var roots: [String: [(target: Int, root: ResolvedGraph.SourceRoot)]] = [:]

    /// Indexes the target directories of a graph.
    public init(graph: ResolvedGraph) {
        self.graph = graph
        for (id, target) in graph.targets.enumerated() {
            for root in target.roots { roots[root.directory, default: []].append((id, root)) }
        }
    }

    /// The innermost package whose directory contains `path` (or is `path`), excluding `path` itself when asked.
    public func package(containing path: String, excludingSelf: Bool = false) -> Int? {
        if !excludingSelf, let index = graph.package(at: path) { return index }
        for ancestor in RepoPath.ancestors(of: path) {
            if let index = graph.package(at: ancestor) { return index }
        }
        return nil
    }

    /// Locates a file path.
    public func locate(_ path: String) -> Location {
        var location = Location(
            package: nil, owners: [], testsTrees: [], isManifest: false, isResolvedFile: false)
        guard let innermost = package(containing: path, excludingSelf: true) else { return location }
        location.package = innermost
        let packageDirectory = graph.packages[innermost].directory
        if RepoPath.parent(path) == packageDirectory {
            let name = RepoPath.basename(path)
            location.isManifest = ManifestDiscovery.isManifestName(name)
            location.isResolvedFile = name == "Package.resolved"
        }
        var current = path
        var level: Int? = innermost
        var isInnermost = true
        while let index = level {
            let directory = graph.packages[index].directory
            let owners = targets(owning: path, from: current, inPackage: index)
            let relative = RepoPath.relative(current, to: directory) ?? current
            let inTests = relative.hasPrefix("Tests/")
            if !owners.isEmpty {
                for owner in owners where !location.owners.contains(owner.target) {
                    location.owners.append(owner.target)
                    if let note = owner.notBuilt { location.notBuilt[owner.target] = note }
                }
            } else if inTests {
                location.testsTrees.append(index)
            } else if !isInnermost {
                break
            }
            isInnermost = false
            current = directory
            level = package(containing: directory, excludingSelf: true)
        }
        return location
    }

    /// The targets of `package` that own `file`: those whose directory is the longest prefix of
    /// `start` and that build it; with them, the targets of deeper directories on the way that hold
    /// it without building it (or those alone, when no enclosing target builds it).
    private func targets(owning file: String, from start: String, inPackage package: Int)
        -> [(target: Int, notBuilt: String?)]
    {
        let stop = graph.packages[package].directory
        var directory = start == file ? RepoPath.parent(file) : start
        var holding: [(target: Int, notBuilt: String?)] = []
        func add(_ target: Int, _ note: String?, to list: inout [(target: Int, notBuilt: String?)]) {
            if !list.contains(where: { $0.target == target }) { list.append((target, note)) }
        }
        while true {
            if let entries = roots[directory] {
                var building: [(target: Int, notBuilt: String?)] = []
                var unbuilt: [(target: Int, notBuilt: String?)] = []
                for entry in entries where graph.targets[entry.target].package == package {
                    switch FileOwnership.root(entry.root, holds: file) {
                    case .built: add(entry.target, nil, to: &building)
                    case .notBuilt(let why): add(entry.target, why, to: &unbuilt)
                    case .outside: break
                    }
                }
                if !building.isEmpty {
                    for entry in holding where !building.contains(where: { $0.target == entry.target }) {
                        building.append(entry)
                    }
                    return building
                }
                // A file in a shared directory that another target of it lists is not these
                // targets' business; one that none lists is every one's.
                if holding.isEmpty { holding = unbuilt }
            }
            if directory == stop || directory == "." { return holding }
            directory = RepoPath.parent(directory)
        }
    }

    /// Whether a file is a resource one of `targets` declares (bundled, so never mere documentation).
    public func isDeclaredResource(_ file: String, of targets: [Int]) -> Bool {
        for target in targets {
            for root in graph.targets[target].roots {
                guard let relative = RepoPath.relative(file, to: root.directory) else { continue }
                if root.resources.contains(where: { RepoPath.isInside(relative, directory: $0) }) {
                    return true
                }
            }
        }
        return false
    }

    /// How a root holds a file.
    enum Holding: Equatable {
        /// Compiled or bundled: in its `sources` (or every file, without that list) or resources.
        case built
        /// Inside its directory, but neither compiled nor bundled.
        case notBuilt(String)
        /// Not inside its directory.
        case outside
    }

    /// How a root holds a file: built (in its `sources`, or every file when it has no such list,
    /// or a resource), not built (outside its `sources`, or in its `exclude`), or not at all.
    static func root(_ root: ResolvedGraph.SourceRoot, holds file: String) -> Holding {
        guard let relative = RepoPath.relative(file, to: root.directory) else { return .outside }
        func listed(_ entries: [String]) -> Bool {
            entries.contains { $0 == "." || RepoPath.isInside(relative, directory: $0) }
        }
        // SwiftPM does not look inside an excluded path, even for resources.
        if listed(root.exclude) { return .notBuilt("not built: in its 'exclude'") }
        if listed(root.resources) { return .built }
        guard let sources = root.sources else { return .built }
        return listed(sources) ? .built : .notBuilt("not built: outside its 'sources'")
    }
}
