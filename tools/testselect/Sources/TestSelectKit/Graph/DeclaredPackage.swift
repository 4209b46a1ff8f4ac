/// A package as its manifest declares it: the *declared* layer of the graph, before anything is
/// linked across packages. Both the static reader and the `swift package dump-package` fallback
/// produce this value, so the two can be compared field by field.
public struct DeclaredPackage: Codable, Sendable, Hashable {
    /// The `name:` of `Package(...)`.
    public var name: String
    /// The tools version from the `// swift-tools-version:` line.
    public var toolsVersion: ToolsVersion
    /// Products in declaration order.
    public var products: [DeclaredProduct]
    /// Targets in declaration order.
    public var targets: [DeclaredTarget]
    /// Package dependencies in declaration order.
    public var dependencies: [DeclaredPackageDependency]

    /// Creates a declared package.
    public init(
        name: String, toolsVersion: ToolsVersion, products: [DeclaredProduct] = [],
        targets: [DeclaredTarget] = [], dependencies: [DeclaredPackageDependency] = []
    ) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.products = products
        self.targets = targets
        self.dependencies = dependencies
    }
}

/// The kind of a target, named as `swift package dump-package` names it.
public enum TargetKind: String, Codable, Sendable, Hashable, CaseIterable {
    case regular, executable, test, plugin, macro, system, binary
}

/// A target declared in a manifest.
public struct DeclaredTarget: Codable, Sendable, Hashable {
    /// The target (module) name.
    public var name: String
    /// Its kind.
    public var kind: TargetKind
    /// The `path:` argument as written, if any.
    public var path: String?
    /// The `url:` of a remote binary target.
    public var url: String?
    /// The `sources:` argument, or nil for "every file in the target directory".
    public var sources: [String]?
    /// The `exclude:` argument.
    public var exclude: [String]
    /// The paths of the `resources:` entries.
    public var resources: [String]
    /// Declared dependencies, in order.
    public var dependencies: [TargetDependency]
    /// Declared plugin usages, in order.
    public var plugins: [PluginUsage]

    /// Creates a declared target.
    public init(
        name: String, kind: TargetKind, path: String? = nil, url: String? = nil, sources: [String]? = nil,
        exclude: [String] = [], resources: [String] = [], dependencies: [TargetDependency] = [],
        plugins: [PluginUsage] = []
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.url = url
        self.sources = sources
        self.exclude = exclude
        self.resources = resources
        self.dependencies = dependencies
        self.plugins = plugins
    }
}

/// `.when(platforms:configuration:traits:)` on a target dependency.
public struct DependencyCondition: Codable, Sendable, Hashable {
    /// Platform names, lower-cased as SwiftPM serializes them (`macos`, `linux`).
    public var platforms: [String]
    /// `debug` or `release`, when the condition names a configuration.
    public var config: String?
    /// Trait names, when the condition names traits.
    public var traits: [String]?

    /// Creates a condition.
    public init(platforms: [String] = [], config: String? = nil, traits: [String]? = nil) {
        self.platforms = platforms
        self.config = config
        self.traits = traits?.sorted()
    }
}

/// One entry of a target's `dependencies:`.
public enum TargetDependency: Codable, Sendable, Hashable {
    /// `.target(name:condition:)`: a target of the same package.
    case target(name: String, condition: DependencyCondition?)
    /// `.product(name:package:condition:)`: a product of a package dependency.
    case product(name: String, package: String?, condition: DependencyCondition?)
    /// `"Name"` or `.byName(name:condition:)`: a target of the same package, else a product.
    case byName(name: String, condition: DependencyCondition?)

    /// The referenced name.
    public var name: String {
        switch self {
        case .target(let name, _), .product(let name, _, _), .byName(let name, _): return name
        }
    }

    /// The condition, if any.
    public var condition: DependencyCondition? {
        switch self {
        case .target(_, let condition), .product(_, _, let condition), .byName(_, let condition):
            return condition
        }
    }
}

/// `.plugin(name:package:)` in a target's `plugins:`.
public struct PluginUsage: Codable, Sendable, Hashable {
    /// The plugin (target or product) name.
    public var name: String
    /// The package providing it, or nil for a plugin of the same package.
    public var package: String?

    /// Creates a plugin usage.
    public init(name: String, package: String?) {
        self.name = name
        self.package = package
    }
}

/// A product declared in a manifest.
public struct DeclaredProduct: Codable, Sendable, Hashable {
    /// The kind of a product.
    public enum Kind: String, Codable, Sendable, Hashable {
        case library, executable, plugin, macro, test, snippet
    }

    /// The linkage of a library product.
    public enum Linkage: String, Codable, Sendable, Hashable {
        case automatic, `static`, dynamic
    }

    /// The product name.
    public var name: String
    /// Its kind.
    public var kind: Kind
    /// The linkage of a library (nil for other kinds).
    public var linkage: Linkage?
    /// The targets it exposes.
    public var targets: [String]

    /// Creates a product.
    public init(name: String, kind: Kind, linkage: Linkage? = nil, targets: [String]) {
        self.name = name
        self.kind = kind
        self.linkage = linkage
        self.targets = targets
    }
}

/// An entry of the package's `dependencies:`.
public struct DeclaredPackageDependency: Codable, Sendable, Hashable {
    /// Where a dependency comes from.
    public enum Kind: String, Codable, Sendable, Hashable {
        case path, url, registry
    }

    /// SwiftPM's identity: last path component, lower-cased (a URL without `.git`; a registry id as written).
    public var identity: String
    /// Where it comes from.
    public var kind: Kind
    /// The `path:` as written, normalized, for a path dependency.
    public var path: String?
    /// The `url:` for a source-control dependency.
    public var url: String?
    /// The `id:` of a registry dependency.
    public var registryID: String?
    /// The `name:` argument, if given.
    public var name: String?

    /// Creates a package dependency.
    public init(
        identity: String, kind: Kind, path: String? = nil, url: String? = nil, registryID: String? = nil,
        name: String? = nil
    ) {
        self.identity = identity
        self.kind = kind
        self.path = path
        self.url = url
        self.registryID = registryID
        self.name = name
    }
}
