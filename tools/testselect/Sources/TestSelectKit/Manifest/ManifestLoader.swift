import Dispatch
import Foundation
import TestSelectSupport

/// Reads every manifest of a repository state: statically first (in parallel), then with
/// `swift package dump-package` for the manifests the static reader did not trust, and marks a
/// package unreadable only when the manifest SwiftPM uses could be read neither way. No package is
/// dropped.
///
/// The fallback runs where the manifest's relative paths mean what they mean in the repository
/// (in place for the checked-out state, otherwise in a mirror of the repository's directory names)
/// and its results are kept under `.build/testselect/manifests/`, so an unchanged manifest costs
/// SwiftPM once.
public struct ManifestLoader: Sendable {
    /// The fallback reader, or nil to never run SwiftPM (such manifests are then unreadable).
    public var dumpPackage: DumpPackageReader?
    /// The toolchain deciding which `Package@swift-*.swift` is used.
    public var toolchain: ToolsVersion
    /// The environment, platform and toolchain the host reading (`testselect graph`) describes.
    public var host: HostContext
    /// Whether static readings and fallback results are kept in (and read from) the repository's
    /// `.build/testselect/manifests/`.
    public var cachesFallbacks: Bool
    /// The identity of the static reader's code that kept readings are checked against (nil: this
    /// executable's size and modification time).
    public var readerIdentity: String?

    /// Creates a loader.
    public init(
        dumpPackage: DumpPackageReader? = DumpPackageReader(), toolchain: ToolsVersion = .currentToolchain,
        host: HostContext = .current(), cachesFallbacks: Bool = true, readerIdentity: String? = nil
    ) {
        self.dumpPackage = dumpPackage
        self.toolchain = toolchain
        self.host = host
        self.cachesFallbacks = cachesFallbacks
        self.readerIdentity = readerIdentity
    }

    enum Outcome: Sendable {
        case read(StaticReading)
        case fellBack(DeclaredPackage, reason: String)
        case failed(reason: String)
    }

    /// Reads the manifests of the discovered packages of `snapshot`.
    ///
    /// - Parameters:
    ///   - found: the packages and their manifest files.
    ///   - snapshot: the repository state.
    ///   - repositoryRoot: the repository's absolute directory (for the identity of `path: ".."`, for
    ///     SwiftPM runs and for the fallback cache); nil to take `snapshot.checkout`.
    ///   - listing: the files of the state, when known (for SwiftPM's legacy system packages).
    public func load(
        _ found: [ManifestDiscovery.PackageManifests], from snapshot: any RepositorySnapshot,
        repositoryRoot: String? = nil, listing: FileListing? = nil
    ) throws -> [LoadedPackage] {
        let root = repositoryRoot ?? snapshot.checkout ?? FileManager.default.currentDirectoryPath
        let paths = found.flatMap { package in package.manifests.map { RepoPath.join(package.directory, $0) }
        }
        let texts = try snapshot.contents(of: paths)
        let host = self.host
        let readings =
            cachesFallbacks
            ? StaticReadingCache(
                repositoryRoot: root, reader: readerIdentity ?? StaticReadingCache.executableIdentity) : nil
        let outcomes = ParallelMap.map(paths) { path -> Outcome? in
            guard let text = texts[path] else { return nil }
            let digest = readings?.digest(of: text)
            var result = digest.flatMap { readings?.reading(digest: $0, text: text, host: host) }
            if result == nil {
                let read = StaticManifestReader.read(text, host: host)
                if let digest { readings?.store(read, digest: digest, text: text, host: host) }
                result = read
            }
            switch result {
            case .success(let reading)?: return .read(reading)
            case .failure(let failure)?: return .failed(reason: failure.reason)
            case nil: return nil
            }
        }
        var results: [String: Outcome] = [:]
        for (path, outcome) in zip(paths, outcomes) where outcome != nil { results[path] = outcome }
        // A package that declares nothing beside a `module.modulemap` is a system library (SwiftPM's
        // legacy system packages): SwiftPM gives it a target and a product of its name.
        for (path, outcome) in results {
            guard case .read(var reading) = outcome, reading.package.targets.isEmpty,
                reading.package.products.isEmpty,
                let listing, listing.files.contains(RepoPath.join(RepoPath.parent(path), "module.modulemap"))
            else { continue }
            reading.package = reading.package.asLegacySystemPackage()
            reading.configurations = reading.configurations.map { $0.asLegacySystemPackage() }
            results[path] = .read(reading)
        }
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
            if !failed.isEmpty {
                let fallback = FallbackReader(
                    dumpPackage: dumpPackage, repositoryRoot: root, snapshot: snapshot, texts: texts,
                    packages: found, chosenFiles: chosenFiles, environment: host.environment,
                    cache: cachesFallbacks ? ManifestCache(repositoryRoot: root) : nil)
                let outcomes = ParallelMap.map(
                    failed, width: max(1, ProcessInfo.processInfo.activeProcessorCount)
                ) { path, reason -> Outcome in
                    switch fallback.read(path) {
                    case .success(let package): return .fellBack(package, reason: reason)
                    case .failure(let failure):
                        return .failed(
                            reason: "\(reason); 'swift package dump-package' failed too: \(failure.message)")
                    }
                }
                for (entry, outcome) in zip(failed, outcomes) { results[entry.path] = outcome }
            }
        }
        let repositoryName = URL(fileURLWithPath: root).lastPathComponent
        return found.compactMap { package in
            // In a working tree, a tracked manifest that is gone from disk was deleted: not a package any more.
            if snapshot.checkout != nil,
                !package.manifests.contains(where: { texts[RepoPath.join(package.directory, $0)] != nil })
            {
                return nil
            }
            var loaded = assemble(
                package, results: results, chosen: chosenFiles[package.directory] ?? "Package.swift")
            loaded.variants = loaded.variants.map { variant in
                (
                    variant.file,
                    PackageIdentity.resolvingLocalDependencies(
                        of: variant.package, in: package.directory, repositoryRoot: root,
                        repositoryName: repositoryName)
                )
            }
            return loaded
        }
    }

    private func assemble(
        _ package: ManifestDiscovery.PackageManifests, results: [String: Outcome], chosen: String
    ) -> LoadedPackage {
        var variants: [(file: String, package: DeclaredPackage)] = []
        var reading = ManifestReading.staticReader
        var environmentReads: [String] = []
        var notes: [String] = []
        for file in package.manifests {
            let path = RepoPath.join(package.directory, file)
            switch results[path] {
            case .read(let staticReading)?:
                variants.append((file, staticReading.package))
                for other in staticReading.configurations where other != staticReading.package {
                    variants.append((file, other))
                }
                for name in staticReading.environmentReads where !environmentReads.contains(name) {
                    environmentReads.append(name)
                }
                notes += staticReading.notes.map { "\(file): \($0)" }
            case .fellBack(let declared, let reason)?:
                variants.append((file, declared))
                if case .staticReader = reading { reading = .swiftPM(reason: "\(file): \(reason)") }
            case .failed(let reason)?:
                if file == chosen {
                    reading = .unreadable(reason: "\(file): \(reason)")
                } else {
                    // A variant SwiftPM itself rejects is not one any toolchain builds with: left out.
                    notes.append("\(file) is left out: \(reason)")
                }
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
            directory: package.directory, manifestFile: chosen, reading: reading, variants: variants,
            environmentReads: environmentReads, notes: notes)
    }
}

extension ManifestReading {
    var isUnreadableCase: Bool {
        if case .unreadable = self { return true }
        return false
    }
}
