import Foundation
import TestSelectSupport

/// Runs `swift package dump-package` for one manifest the static reader did not trust, where its
/// relative paths resolve as they do in the repository, and remembers the answer.
///
/// The manifest SwiftPM would use in the checked-out repository, unchanged on disk, is dumped in
/// place. Any other text (a commit's manifest, a `Package@swift-*.swift` variant SwiftPM would not
/// pick here) is dumped at the same relative path inside a temporary mirror named like the
/// repository and holding the repository's manifests, so that `.package(path: "..")` still names
/// the enclosing package.
struct FallbackReader: Sendable {
    let dumpPackage: DumpPackageReader
    let repositoryRoot: String
    let snapshot: any RepositorySnapshot
    let texts: [String: String]
    let packages: [ManifestDiscovery.PackageManifests]
    let chosenFiles: [String: String]
    let environment: [String: String]
    let cache: ManifestCache?
    private let toolchain: ToolchainVersion

    init(
        dumpPackage: DumpPackageReader, repositoryRoot: String, snapshot: any RepositorySnapshot,
        texts: [String: String], packages: [ManifestDiscovery.PackageManifests],
        chosenFiles: [String: String],
        environment: [String: String], cache: ManifestCache?
    ) {
        self.dumpPackage = dumpPackage
        self.repositoryRoot = repositoryRoot
        self.snapshot = snapshot
        self.texts = texts
        self.packages = packages
        self.chosenFiles = chosenFiles
        self.environment = environment
        self.cache = cache
        toolchain = ToolchainVersion(cache: cache)
    }

    /// Reads the manifest at a repository-relative path.
    func read(_ path: String) -> Result<DeclaredPackage, DumpPackageFailure> {
        guard let text = texts[path] else {
            return .failure(DumpPackageFailure(message: "the manifest is missing"))
        }
        let directory = RepoPath.parent(path)
        let file = RepoPath.basename(path)
        let key = ManifestCache.Key(
            manifest: text, file: file, directory: directory,
            repositoryName: URL(fileURLWithPath: repositoryRoot).lastPathComponent,
            toolchain: toolchain.value(dumpPackage),
            environment: ManifestCache.environmentValues(readBy: text, in: environment))
        if let cached = cache?.entry(for: key) { return cached }
        let result: Result<DeclaredPackage, DumpPackageFailure>
        let onDisk = FileManager.default.contents(atPath: repositoryRoot + "/" + path)
        if chosenFiles[directory] == file, let onDisk, String(decoding: onDisk, as: UTF8.self) == text {
            let absolute = directory == "." ? repositoryRoot : repositoryRoot + "/" + directory
            result = dumpPackage.dump(packageDirectory: absolute).flatMap { output in
                cache?.store(.success((output, absolute)), for: key)
                return DumpPackageReader.decode(output, packageDirectory: absolute)
            }
        } else {
            result = dumpInMirror(text, directory: directory, key: key)
        }
        if case .failure(let failure) = result { cache?.store(.failure(failure), for: key) }
        return result
    }

    private func dumpInMirror(_ text: String, directory: String, key: ManifestCache.Key) -> Result<
        DeclaredPackage, DumpPackageFailure
    > {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-mirror-\(UUID().uuidString.prefix(12))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let mirror = base + "/" + URL(fileURLWithPath: repositoryRoot).lastPathComponent
        let target = directory == "." ? mirror : mirror + "/" + directory
        do {
            for package in packages where package.directory != directory {
                let other = package.directory == "." ? mirror : mirror + "/" + package.directory
                try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
                for manifest in package.manifests {
                    guard let text = texts[RepoPath.join(package.directory, manifest)] else { continue }
                    try text.write(toFile: other + "/" + manifest, atomically: false, encoding: .utf8)
                }
            }
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            // Only this text, as `Package.swift`: SwiftPM reads it whatever variant it was.
            for manifest in (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
            where ManifestDiscovery.isManifestName(manifest) {
                try FileManager.default.removeItem(atPath: target + "/" + manifest)
            }
            try text.write(toFile: target + "/Package.swift", atomically: false, encoding: .utf8)
        } catch {
            return .failure(DumpPackageFailure(message: "cannot write a mirror of the repository: \(error)"))
        }
        return dumpPackage.dump(packageDirectory: target).flatMap { output in
            cache?.store(.success((output, target)), for: key)
            return DumpPackageReader.decode(output, packageDirectory: target)
        }
    }
}

/// `swift --version`, asked once and only when a fallback runs; with a cache, asked again only when
/// the `swift` it would run is another file (a new toolchain installed or selected).
private final class ToolchainVersion: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: String?
    let cache: ManifestCache?

    init(cache: ManifestCache?) {
        self.cache = cache
    }

    func value(_ reader: DumpPackageReader) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let version = cache?.toolchainVersion(of: reader) ?? reader.toolchainVersion()
        cached = version
        return version
    }
}
