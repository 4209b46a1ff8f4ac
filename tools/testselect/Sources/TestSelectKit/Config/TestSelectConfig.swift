import TestSelectSupport

/// The repository's `.testselect.json`: how files outside targets count.
///
/// ```json
/// {
///   "ignore": ["*.md", "LICENSE", ".gitignore", ".github/**"],
///   "global": [".swift-version", ".testselect.json", "ci/**"],
///   "extraInputs": {"packages/fixtures:Fixtures": ["packages/fixtures/Mappings/*.json"]},
///   "alwaysRun": ["services/catalogue:SmokeTests"],
///   "unowned": "tests-tree",
///   "ignorePackages": ["Fixtures/**"],
///   "documentation": ["**/*.docc/**"],
///   "quarantine": ["services/catalogue:CatalogueTests.RowsTests/testSchedule"]
/// }
/// ```
/// A key that is present replaces its default; the configuration file itself always counts as global.
/// `ignore` applies only to files no target owns: a file inside a target, a declared resource or a
/// file under a package's `Tests/` always counts. `documentation` names the one exception, content
/// SwiftPM never builds nor bundles (DocC catalogs) even inside a target.
public struct TestSelectConfig: Sendable {
    /// What an unowned file (in no target) selects.
    public enum UnownedPolicy: String, Sendable, CaseIterable {
        /// Files under a package's `Tests/` select that package's suites; others select nothing.
        case testsTree = "tests-tree"
        /// Files anywhere in a package's directory select that package's suites.
        case package
        /// Any unowned file selects everything.
        case all
    }

    /// Files outside every target whose change selects nothing and that are not reported as unowned.
    public var ignore: [Glob]
    /// Files that are documentation even inside a target (DocC catalogs): they select nothing and are
    /// listed as documentation, unless a target declares them as a resource.
    public var documentation: [Glob] = TestSelectConfig.defaultDocumentation
    /// Files whose change selects everything.
    public var global: [Glob]
    /// Files a target reads at run time, by target: a match counts as a change to that target.
    public var extraInputs: [(target: SuiteReference, globs: [Glob])]
    /// Suites selected on every change.
    public var alwaysRun: [SuiteReference]
    /// What unowned files select.
    public var unowned: UnownedPolicy
    /// Manifests that are not packages of the repository (test fixtures); their files still count.
    public var ignorePackages: [Glob] = []
    /// Tests whose failures do not fail `testselect run` (they run and are reported).
    public var quarantine = Quarantine()

    /// The configuration file name, at the repository root.
    public static let fileName = ".testselect.json"

    /// The keys the file may hold.
    public static let keys = [
        "ignore", "global", "extraInputs", "alwaysRun", "unowned", "ignorePackages", "documentation",
        "quarantine",
    ]

    /// DocC catalogs: SwiftPM neither compiles nor bundles them.
    public static let defaultDocumentation = ["**/*.docc/**"].compactMap(Glob.init)

    /// The configuration used when the file is absent.
    public static let defaults = TestSelectConfig(
        ignore: ["*.md", "LICENSE", ".gitignore", ".github/**"].compactMap(Glob.init),
        global: [".swift-version", ".testselect.json"].compactMap(Glob.init),
        extraInputs: [], alwaysRun: [], unowned: .testsTree)

    /// Creates a configuration.
    public init(
        ignore: [Glob], global: [Glob], extraInputs: [(target: SuiteReference, globs: [Glob])],
        alwaysRun: [SuiteReference], unowned: UnownedPolicy
    ) {
        self.ignore = ignore
        self.global = global
        self.extraInputs = extraInputs
        self.alwaysRun = alwaysRun
        self.unowned = unowned
    }

    /// Whether a path matches `ignore` (which counts only for files no target owns).
    public func isIgnored(_ path: String) -> Bool {
        ignore.contains { $0.matches(path) }
    }

    /// Whether a path is documentation (`documentation`), even inside a target.
    public func isDocumentation(_ path: String) -> Bool {
        documentation.contains { $0.matches(path) }
    }

    /// Whether a manifest path is excluded from the packages.
    public func isIgnoredPackage(_ manifestPath: String) -> Bool {
        ignorePackages.contains { $0.matches(manifestPath) }
    }

    /// Whether a path is global (the configuration file itself always is).
    public func isGlobal(_ path: String) -> Bool {
        path == TestSelectConfig.fileName || global.contains { $0.matches(path) }
    }

    /// The targets for which `path` is an extra input.
    public func extraInputTargets(of path: String) -> [SuiteReference] {
        extraInputs.filter { entry in entry.globs.contains { $0.matches(path) } }.map(\.target)
    }
}
