/// Maps repository paths to the targets that own them: the longest target directory that contains
/// the path (narrowed by `sources:`), within the innermost package containing it.
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
                location.owners += owners
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

    /// The targets of `package` whose directory is the longest prefix of `start` and that own `file`.
    private func targets(owning file: String, from start: String, inPackage package: Int) -> [Int] {
        let stop = graph.packages[package].directory
        var directory = start == file ? RepoPath.parent(file) : start
        while true {
            if let entries = roots[directory] {
                let matching = entries.filter { entry in
                    graph.targets[entry.target].package == package
                        && FileOwnership.root(entry.root, owns: file)
                }
                if !matching.isEmpty {
                    var ids: [Int] = []
                    for entry in matching where !ids.contains(entry.target) { ids.append(entry.target) }
                    return ids
                }
            }
            if directory == stop || directory == "." { return [] }
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

    /// Whether a root owns a file inside its directory: everything, or only its `sources` and resources.
    static func root(_ root: ResolvedGraph.SourceRoot, owns file: String) -> Bool {
        guard let sources = root.sources else { return true }
        guard let relative = RepoPath.relative(file, to: root.directory) else { return false }
        for entry in sources + root.resources {
            if entry == "." || RepoPath.isInside(relative, directory: entry) { return true }
        }
        return false
    }
}
