import TestSelectManifest
import TestSelectSupport

/// The suites a change must run, each with its reasons: the result of `Selector`.
public struct Selection: Sendable {
    /// Why a suite is selected.
    public enum ReasonKind: String, Sendable, Hashable, CaseIterable {
        /// A file of the suite itself changed.
        case fileChanged = "file-changed"
        /// A file of a target the suite depends on (transitively) changed.
        case dependencyChanged = "dependency-changed"
        /// A manifest of the suite's package, or of a package it depends on, changed.
        case manifestChanged = "manifest-changed"
        /// A `Package.resolved` of the suite's package, or of a package it depends on, changed.
        case resolvedChanged = "resolved-changed"
        /// A file declared in `extraInputs` for a target the suite depends on changed.
        case extraInput = "extra-input"
        /// A file in no target, under the package's `Tests/` (or anywhere, per `unowned`), changed.
        case unownedFile = "unowned-file"
        /// `alwaysRun` lists the suite.
        case alwaysRun = "always-run"
        /// A global file changed: everything runs.
        case globalFile = "global-file"
        /// The package's manifest cannot be read: its tests run on every change.
        case manifestUnreadable = "manifest-unreadable"
        /// No merge-base with the base revision: everything runs.
        case noMergeBase = "no-merge-base"
    }

    /// One reason: its kind, the file behind it, and the chain of targets from the suite's direct
    /// dependency down to the changed target.
    public struct Reason: Sendable, Hashable {
        /// What happened.
        public var kind: ReasonKind
        /// The file behind it (nil for `always-run` and `no-merge-base`).
        public var file: String?
        /// Targets from the suite's direct dependency down to the changed target (empty when direct).
        public var via: [String]
        /// Extra words for reasons that need them (why a manifest is unreadable).
        public var detail: String?

        /// Creates a reason.
        public init(kind: ReasonKind, file: String? = nil, via: [String] = [], detail: String? = nil) {
            self.kind = kind
            self.file = file
            self.via = via
            self.detail = detail
        }
    }

    /// A selected suite.
    public struct Suite: Sendable, Hashable {
        /// Repository-relative package directory.
        public var package: String
        /// Test target name (`*`: every test of an unreadable package).
        public var target: String
        /// Why it is selected.
        public var reasons: [Reason]
        /// With a result cache: the run in which it passed with exactly these inputs (`testselect run
        /// --cache` skips it).
        public var cached: String?
        /// With an impact map (`--impact`): which of its tests run.
        public var scope: TestScope?

        /// Creates a selected suite.
        public init(
            package: String, target: String, reasons: [Reason], cached: String? = nil, scope: TestScope? = nil
        ) {
            self.package = package
            self.target = target
            self.reasons = reasons
            self.cached = cached
            self.scope = scope
        }
    }

    /// Inside a selected suite, the tests an impact map lets run.
    public enum TestScope: Sendable, Hashable {
        /// Every test runs: the rule that says why the map cannot answer for this suite.
        case wholeSuite(rule: String)
        /// The map's tests that executed a changed file (or have no map) run, and so does every test
        /// new since the map; `skipped` are the map's tests left out. `commit` is the map's.
        case tests(selected: [ImpactedTest], skipped: [String], commit: String)

        /// The identifiers left out (`swift test --skip`).
        public var skipped: [String] {
            if case .tests(_, let skipped, _) = self { return skipped }
            return []
        }
    }

    /// A test an impact map selects, and why.
    public struct ImpactedTest: Sendable, Hashable {
        /// `Module.Class/test` or `Module.Suite/test()`.
        public var id: String
        /// The changed files it executed when recorded (empty when it has no map).
        public var files: [String]
        /// Why it has no map.
        public var note: String?

        /// Creates an entry.
        public init(id: String, files: [String], note: String? = nil) {
            self.id = id
            self.files = files
            self.note = note
        }
    }

    /// A target named by its package directory and name.
    public struct TargetReference: Sendable, Hashable {
        /// Repository-relative package directory.
        public var package: String
        /// Target name.
        public var target: String

        /// Creates a reference.
        public init(package: String, target: String) {
            self.package = package
            self.target = target
        }
    }

    /// The base commit (the merge-base), when known.
    public var base: String?
    /// The head commit, or nil for the working tree.
    public var head: String?
    /// Every changed file.
    public var changedFiles: [ChangedFile]
    /// Whether every suite is selected.
    public var runAll: Bool
    /// Why every suite is selected.
    public var runAllReasons: [String]
    /// Changed files in no target (ignored files excluded).
    public var unownedFiles: [String]
    /// Changed files inside targets that are documentation SwiftPM neither builds nor bundles (DocC
    /// catalogs): they select nothing.
    public var documentationFiles: [String]
    /// Selected suites, sorted by package then target.
    public var selected: [Suite]
    /// Suites not selected, sorted.
    public var skipped: [TargetReference]
    /// Targets owning a changed file (at head), sorted: what diagrams highlight as changed.
    public var changedTargets: [TargetReference]
    /// Things the user should know (unknown config names, unreadable manifests, linking problems).
    public var warnings: [Diagnostic]

    /// Creates a selection.
    public init(
        base: String?, head: String?, changedFiles: [ChangedFile], runAll: Bool, runAllReasons: [String],
        unownedFiles: [String], documentationFiles: [String] = [], selected: [Suite],
        skipped: [TargetReference],
        changedTargets: [TargetReference],
        warnings: [Diagnostic]
    ) {
        self.base = base
        self.head = head
        self.changedFiles = changedFiles
        self.runAll = runAll
        self.runAllReasons = runAllReasons
        self.unownedFiles = unownedFiles
        self.documentationFiles = documentationFiles
        self.selected = selected
        self.skipped = skipped
        self.changedTargets = changedTargets
        self.warnings = warnings
    }
}
