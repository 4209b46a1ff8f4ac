import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// `testselect-bench corpus DIR...`: how the static reader does on real repositories.
///
/// For every package of every clone, the manifest SwiftPM would use here is read by the static
/// reader (as `testselect graph` reads it: this environment, this platform) and by `swift package
/// dump-package` in place, and the two declared packages are compared after the same identity
/// resolution. A package is
///
/// - `identical` when they are equal;
/// - `superset` when the static reading holds everything dump-package says and more, with the
///   reason it states (an `#if` it cannot decide, a fact it read both ways);
/// - `differ` otherwise: a silent disagreement, the one outcome that must never happen;
/// - `fallback` when the static reader refused it (with its reason) and SwiftPM read it;
/// - `swiftpm-failed` when SwiftPM itself cannot read it here (a newer tools version, say).
public struct CorpusAgreement: Sendable {
    /// The tally over every clone.
    public struct Tally: Sendable {
        public var repositories = 0
        public var packages = 0
        public var identical = 0
        public var superset = 0
        public var differ = 0
        public var fallback = 0
        public var swiftPMFailed = 0

        /// Packages read statically (identical, superset or differing).
        public var readStatically: Int { identical + superset + differ }

        /// The machine-readable summary line.
        public var line: String {
            let share = packages > 0 ? 100 * Double(readStatically) / Double(packages) : 0
            return String(
                format:
                    "bench-corpus repositories=%d packages=%d static=%d static_pct=%.1f identical=%d superset=%d "
                    + "differ=%d fallback=%d swiftpm_failed=%d",
                repositories, packages, readStatically, share, identical, superset, differ, fallback,
                swiftPMFailed)
        }
    }

    public var swift = "swift"
    let print: @Sendable (String) -> Void

    public init(swift: String = "swift", print: @escaping @Sendable (String) -> Void) {
        self.swift = swift
        self.print = print
    }

    /// Compares every package of the clones and prints a line per package, then the tally.
    public func run(repositories: [String]) throws -> Tally {
        var tally = Tally()
        let reader = DumpPackageReader(swift: swift)
        for repository in repositories {
            let workspace = try Workspace.open(
                repository: repository, currentDirectory: FileManager.default.currentDirectoryPath,
                loader: ManifestLoader(dumpPackage: nil, cachesFallbacks: false))
            let snapshot = try workspace.headSnapshot(revision: nil)
            let listing = try snapshot.listing()
            let config = (try? workspace.config(of: snapshot)) ?? .defaults
            let found = ManifestDiscovery.packages(in: listing, ignoring: config.isIgnoredPackage)
            let loaded = try workspace.loader.load(
                found, from: snapshot, repositoryRoot: workspace.root, listing: listing)
            tally.repositories += 1
            let comparisons = ParallelMap.map(loaded) { package in
                compare(package, in: workspace, reader: reader)
            }
            for (package, outcome) in zip(loaded, comparisons) {
                tally.packages += 1
                let label = "\(workspace.name)/\(package.directory) [\(package.manifestFile)]"
                switch outcome {
                case .identical: tally.identical += 1
                case .superset: tally.superset += 1
                case .differ: tally.differ += 1
                case .fallback: tally.fallback += 1
                case .swiftPMFailed: tally.swiftPMFailed += 1
                }
                print("\(outcome.word) \(label)\(outcome.detail.isEmpty ? "" : ": " + outcome.detail)")
            }
        }
        print(tally.line)
        return tally
    }

    enum Outcome: Sendable {
        case identical
        case superset(String)
        case differ(String)
        case fallback(String)
        case swiftPMFailed(String)

        var word: String {
            switch self {
            case .identical: "identical"
            case .superset: "superset"
            case .differ: "differ"
            case .fallback: "fallback"
            case .swiftPMFailed: "swiftpm-failed"
            }
        }

        var detail: String {
            switch self {
            case .identical: ""
            case .superset(let why), .differ(let why), .fallback(let why), .swiftPMFailed(let why): why
            }
        }
    }

    func compare(_ package: LoadedPackage, in workspace: Workspace, reader: DumpPackageReader) -> Outcome {
        let directory = package.directory == "." ? workspace.root : workspace.root + "/" + package.directory
        let fromSwiftPM = reader.read(packageDirectory: directory).map {
            PackageIdentity.resolvingLocalDependencies(
                of: $0, in: package.directory, repositoryRoot: workspace.root, repositoryName: workspace.name)
        }
        guard case .staticReader = package.reading, let fromStatic = package.chosen else {
            if case .unreadable(let reason) = package.reading {
                if case .failure(let failure) = fromSwiftPM { return .swiftPMFailed(failure.message) }
                return .fallback(reason)
            }
            return .fallback("\(package.reading)")
        }
        switch fromSwiftPM {
        case .failure(let failure):
            return .swiftPMFailed(failure.message)
        case .success(let declared):
            if fromStatic == declared { return .identical }
            if DeclaredPackage.union([fromStatic, declared]) == fromStatic {
                let why =
                    package.notes.isEmpty
                    ? "an '#if' the reader takes both ways" : package.notes.joined(separator: "; ")
                return .superset(why)
            }
            return .differ(CorpusAgreement.difference(fromStatic, declared))
        }
    }

    /// The first differences between two declared packages, for the report.
    static func difference(_ a: DeclaredPackage, _ b: DeclaredPackage) -> String {
        var parts: [String] = []
        if a.name != b.name { parts.append("name '\(a.name)' vs '\(b.name)'") }
        for target in b.targets where !a.targets.contains(where: { $0.name == target.name }) {
            parts.append("target '\(target.name)' only in dump-package")
        }
        for target in a.targets {
            guard let other = b.targets.first(where: { $0.name == target.name }), other != target else {
                continue
            }
            parts.append("target '\(target.name)' differs: \(target) vs \(other)")
        }
        for product in b.products where !a.products.contains(product) {
            parts.append("product '\(product.name)' differs or is only in dump-package")
        }
        for dependency in b.dependencies where !a.dependencies.contains(dependency) {
            parts.append("dependency '\(dependency.identity)' differs or is only in dump-package")
        }
        if parts.isEmpty, a.targets.map(\.name) != b.targets.map(\.name) {
            parts.append("target order differs")
        }
        return parts.prefix(3).joined(separator: "; ")
    }
}
