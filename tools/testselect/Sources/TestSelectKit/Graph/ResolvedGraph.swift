import TestSelectSupport

/// The *resolved* layer of the graph: every package of one repository state, every target, and the
/// edges between targets linked across packages (products resolved to their targets, path
/// dependencies to the package in that directory). Variant manifests are merged (union), so the
/// graph is right on every toolchain. Built by `ResolvedGraph.build(...)`.
public struct ResolvedGraph: Sendable {
    /// A package of the graph.
    public struct Package: Sendable {
        /// Repository-relative directory (`.` for the root).
        public var directory: String
        /// Declared name (the directory name when unreadable).
        public var name: String
        /// SwiftPM identity: the directory name lower-cased (the repository's name for the root).
        public var identity: String
        /// The loaded manifests.
        public var loaded: LoadedPackage
        /// Target ids, in declaration order.
        public var targets: [Int]
        /// Packages this one declares a path dependency on (in the repository).
        public var packageDependencies: [Int]
        /// The resolved directory of each dependency of the chosen manifest, in order (nil when not in the repository).
        public var dependencyDirectories: [String?]
        /// Package-relative target directories of the chosen manifest (nil for a remote binary).
        public var layout: [String: String?]
    }

    /// Where a target's files are: a directory, narrowed by `sources:` when given.
    public struct SourceRoot: Sendable, Hashable {
        /// Repository-relative directory.
        public var directory: String
        /// Paths relative to `directory`, or nil for everything in it.
        public var sources: [String]?
        /// Resource paths relative to `directory` (part of the target even outside `sources`).
        public var resources: [String]
        /// The `exclude:` paths relative to `directory`: not built, still the target's.
        public var exclude: [String]

        /// Creates a root.
        public init(directory: String, sources: [String]?, resources: [String], exclude: [String] = []) {
            self.directory = directory
            self.sources = sources
            self.resources = resources
            self.exclude = exclude
        }
    }

    /// A target of the graph.
    public struct Target: Sendable {
        /// The package index.
        public var package: Int
        /// The target name (`*` for the stand-in of an unreadable package).
        public var name: String
        /// The kind.
        public var kind: TargetKind
        /// Where its files are (several when variants disagree).
        public var roots: [SourceRoot]
        /// Whether this node stands for a whole unreadable package.
        public var isOpaque: Bool

        /// Whether CI runs this target as a test suite.
        public var isSuite: Bool { kind == .test || isOpaque }
    }

    /// How one target depends on another.
    public enum EdgeKind: Sendable, Hashable {
        /// A target of the same package.
        case target
        /// Through a product of another (or the same) package.
        case product(String)
        /// A plugin used by the target.
        case plugin(String)
        /// Any file of an unreadable package.
        case unreadablePackage
    }

    /// A dependency edge.
    public struct Edge: Sendable, Hashable {
        /// The target depended on.
        public var target: Int
        /// How.
        public var kind: EdgeKind
        /// The declared condition, if any (conditions are still edges: right on every platform).
        public var condition: DependencyCondition?
    }

    /// Packages sorted by directory.
    public internal(set) var packages: [Package] = []
    /// All targets.
    public internal(set) var targets: [Target] = []
    /// Forward edges: what each target depends on.
    public internal(set) var dependencies: [[Edge]] = []
    /// Reverse edges: which targets depend on each target.
    public internal(set) var dependents: [[Int]] = []
    /// Reverse package-level edges: which packages declare a path dependency on each package.
    public internal(set) var packageDependents: [[Int]] = []
    /// Problems found while linking (unknown products, path dependencies outside the repository).
    public internal(set) var warnings: [Diagnostic] = []

    var packageIndex: [String: Int] = [:]
    var targetIndex: [[String: Int]] = []

    /// The index of the package in a repository-relative directory.
    public func package(at directory: String) -> Int? {
        packageIndex[directory]
    }

    /// The id of a target of a package, by name.
    public func target(named name: String, inPackage package: Int) -> Int? {
        targetIndex[package][name]
    }

    /// The id of `directory:Target`.
    public func target(directory: String, name: String) -> Int? {
        guard let package = packageIndex[directory] else { return nil }
        return targetIndex[package][name]
    }

    /// `directory:Target` of a target, as the CLI and config name suites.
    public func qualifiedName(_ target: Int) -> String {
        "\(packages[targets[target].package].directory):\(targets[target].name)"
    }

    /// Every suite (test target, or stand-in of an unreadable package) of the graph.
    public var suites: [Int] {
        targets.indices.filter { targets[$0].isSuite }
    }
}
