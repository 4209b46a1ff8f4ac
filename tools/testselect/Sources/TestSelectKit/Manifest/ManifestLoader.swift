import Dispatch
import Foundation

/// Reads every manifest of a repository state: statically first (in parallel), then with
/// `swift package dump-package` for the manifests the static reader did not trust, and marks a
/// package unreadable only when both failed. No package is dropped.
public struct ManifestLoader: Sendable {
    /// The fallback reader, or nil to never run SwiftPM (such manifests are then unreadable).
    public var dumpPackage: DumpPackageReader?
    /// The toolchain deciding which `Package@swift-*.swift` is used.
    public var toolchain: ToolsVersion

    /// Creates a loader.
    public init(
        dumpPackage: DumpPackageReader? = DumpPackageReader(), toolchain: ToolsVersion = .currentToolchain
    ) {
        self.dumpPackage = dumpPackage
        self.toolchain = toolchain
    }

    private enum Outcome: Sendable {
        case read(DeclaredPackage)
        case fellBack(DeclaredPackage, reason: String)
        case failed(reason: String)
    }

    /// Reads the manifests of the discovered packages of `snapshot`.
    public func load(_ found: [ManifestDiscovery.PackageManifests], from snapshot: any RepositorySnapshot)
        throws
        -> [LoadedPackage]
    {
        let paths = found.flatMap { package in package.manifests.map { RepoPath.join(package.directory, $0) }
        }
        let texts = try snapshot.contents(of: paths)
        let outcomes = ParallelMap.map(paths) { path -> Outcome? in
            guard let text = texts[path] else { return nil }
            switch StaticManifestReader.read(text) {
            case .success(let package): return .read(package)
            case .failure(let failure): return .failed(reason: failure.reason)
            }
        }
        var results: [String: Outcome] = [:]
        for (path, outcome) in zip(paths, outcomes) where outcome != nil { results[path] = outcome }
        var chosenFiles: [String: String] = [:]
        for package in found {
            var versions: [String: ToolsVersion] = [:]
            for file in package.manifests {
                if let text = texts[RepoPath.join(package.directory, file)] {
                    versions[file] = ToolsVersion.parse(manifest: text)
                }
            }
            chosenFiles[package.directory] = ManifestVariants.chosen(
                among: package.manifests, toolsVersions: versions, toolchain: toolchain)
        }
        if let dumpPackage {
            let failed: [(path: String, reason: String)] = paths.compactMap { path in
                if case .failed(let reason)? = results[path] { return (path, reason) }
                return nil
            }
            let chosen = chosenFiles
            let fallbacks = ParallelMap.map(
                failed, width: max(1, ProcessInfo.processInfo.activeProcessorCount)
            ) {
                path, reason -> Outcome in
                let directory = RepoPath.parent(path)
                let inPlace = snapshot.checkout != nil && chosen[directory] == RepoPath.basename(path)
                let result: Result<DeclaredPackage, DumpPackageFailure>
                if inPlace, let checkout = snapshot.checkout {
                    result = dumpPackage.read(
                        packageDirectory: directory == "." ? checkout : checkout + "/" + directory)
                } else {
                    result = dumpPackage.read(manifestText: texts[path] ?? "")
                }
                switch result {
                case .success(let package): return .fellBack(package, reason: reason)
                case .failure(let failure):
                    return .failed(
                        reason: "\(reason); 'swift package dump-package' failed too: \(failure.message)")
                }
            }
            for (entry, outcome) in zip(failed, fallbacks) { results[entry.path] = outcome }
        }
        return found.compactMap { package in
            // In a working tree, a tracked manifest that is gone from disk was deleted: not a package any more.
            if snapshot.checkout != nil,
                !package.manifests.contains(where: { texts[RepoPath.join(package.directory, $0)] != nil })
            {
                return nil
            }
            return assemble(
                package, results: results, chosen: chosenFiles[package.directory] ?? "Package.swift")
        }
    }

    private func assemble(
        _ package: ManifestDiscovery.PackageManifests, results: [String: Outcome], chosen: String
    )
        -> LoadedPackage
    {
        var variants: [(file: String, package: DeclaredPackage)] = []
        var reading = ManifestReading.staticReader
        for file in package.manifests {
            let path = RepoPath.join(package.directory, file)
            switch results[path] {
            case .read(let declared)?:
                variants.append((file, declared))
            case .fellBack(let declared, let reason)?:
                variants.append((file, declared))
                if case .staticReader = reading { reading = .swiftPM(reason: "\(file): \(reason)") }
            case .failed(let reason)?:
                reading = .unreadable(reason: "\(file): \(reason)")
            case nil:
                continue
            }
        }
        if !package.manifests.contains("Package.swift"), !reading.isUnreadableCase {
            reading = .unreadable(
                reason: "no 'Package.swift' next to '\(package.manifests.joined(separator: "', '"))'")
        }
        if variants.isEmpty, !reading.isUnreadableCase {
            reading = .unreadable(reason: "the manifest cannot be read")
        }
        if reading.isUnreadableCase { variants = [] }
        return LoadedPackage(
            directory: package.directory, manifestFile: chosen, reading: reading, variants: variants)
    }
}

extension ManifestReading {
    var isUnreadableCase: Bool {
        if case .unreadable = self { return true }
        return false
    }
}
